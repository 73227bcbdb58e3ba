# Sourced by .ci/setup, .ci/test and .ci/serve: paths, tool versions and the
# wasm32 toolchain choice, decided in one place.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# npm tools (playwright-core, binaryen's wasm-opt, esbuild, typescript's tsc)
# live with the e2e tests.
NPM_DIR=tests/e2e
# The npm wasm-opt comes first: Debian's binaryen 108 writes modules Chromium rejects.
export PATH="$ROOT/$NPM_DIR/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# trunk must never try to download tools or check for updates.
export TRUNK_SKIP_VERSION_CHECK=true

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM
export CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}

WASM_TARGET=wasm32-unknown-unknown
# Debian's rustc-web ships the std source, so std can be built for wasm32
# when rustup cannot fetch the prebuilt target.
DEBIAN_RUST_PACKAGES=(rustc-web cargo-web rust-web-src rust-web-clippy lld-22)
DEBIAN_RUST_SRC=/usr/lib/rustlib/src/rust/library

# The wasm-bindgen version pinned in Cargo.lock; the CLI must match it exactly.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# The trunk version Trunk.toml requires ("=x.y.z").
trunk_version() {
    sed -n 's/^trunk-version = "=\(.*\)"$/\1/p' Trunk.toml
}

rustup_has_wasm_target() {
    command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"
}

debian_rust_installed() {
    [ -x /usr/bin/cargo ] && [ -x /usr/bin/cargo-clippy ] && [ -d "$DEBIAN_RUST_SRC" ] && [ -x /usr/bin/rust-lld ]
}

# Which toolchain builds wasm32: "rustup" (prebuilt target) or "debian"
# (build-std); "none" before set-up. MAPELLO_WASM_ROUTE=debian or =rustup forces one.
wasm_route() {
    if [ -n "${MAPELLO_WASM_ROUTE:-}" ]; then
        echo "$MAPELLO_WASM_ROUTE"
    elif rustup_has_wasm_target; then
        echo rustup
    elif debian_rust_installed; then
        echo debian
    else
        echo none
    fi
}

# Run a command with the toolchain that builds wasm32. On the Debian route the
# cargo found first on PATH is Debian's (trunk calls plain `cargo`), and std is
# built from source; native builds never see these variables.
wasm() {
    case $(wasm_route) in
    rustup) "$@" ;;
    debian)
        local shim="$ROOT/target/debian-rust/bin"
        mkdir -p "$shim"
        ln -sf /usr/bin/cargo /usr/bin/cargo-clippy /usr/bin/clippy-driver "$shim/"
        PATH="$shim:$PATH" RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
            RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort "$@"
        ;;
    *)
        echo "no wasm32 toolchain: run bash .ci/setup" >&2
        return 1
        ;;
    esac
}

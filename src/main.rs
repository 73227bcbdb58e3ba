//! The `mapello` command line (see docs/formats.md for the exact contract).

fn main() -> std::process::ExitCode {
    mapello::cli::main()
}

//! The `mapello` command line (see FORMATS.md for the exact contract).

fn main() -> std::process::ExitCode {
    mapello::cli::main()
}

fn main() {
    eprintln!("mapello: no command yet");
    std::process::exit(2);
}

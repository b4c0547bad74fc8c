//! Prints the syntax tree and errors of a file: `cargo run --example dump FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: dump FILE");
    let text = std::fs::read_to_string(path).expect("readable file");
    print!("{}", runic_syntax::parse(&text).debug_dump());
}

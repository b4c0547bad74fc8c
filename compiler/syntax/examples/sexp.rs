//! Prints each top-level declaration as a compact S-expression (trivia left
//! out): `cargo run --example sexp FILE`. Handy for reviewing how a program parsed.
use runic_syntax::debug_sexp;

fn main() {
    let path = std::env::args().nth(1).expect("usage: sexp FILE");
    let text = std::fs::read_to_string(path).expect("readable file");
    let parse = runic_syntax::parse(&text);
    for decl in parse.syntax().children() {
        println!("{}\n", debug_sexp(&decl));
    }
    for error in parse.errors() {
        println!("error {:?}: {}", error.range, error.message);
    }
}

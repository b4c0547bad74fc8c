//! Prints each top-level declaration as a compact S-expression (trivia left
//! out): `cargo run --example sexp FILE`. Handy for reviewing how a program parsed.
use runic_syntax::{SyntaxElement, SyntaxNode};

fn sexp(node: &SyntaxNode) -> String {
    let parts: Vec<String> = node
        .children_with_tokens()
        .filter_map(|element| match element {
            SyntaxElement::Node(n) => Some(sexp(&n)),
            SyntaxElement::Token(t) if t.kind().is_trivia() => None,
            SyntaxElement::Token(t) => Some(t.text().to_string()),
        })
        .collect();
    format!("({:?} {})", node.kind(), parts.join(" "))
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: sexp FILE");
    let text = std::fs::read_to_string(path).expect("readable file");
    let parse = runic_syntax::parse(&text);
    for decl in parse.syntax().children() {
        println!("{}\n", sexp(&decl));
    }
    for error in parse.errors() {
        println!("error {:?}: {}", error.range, error.message);
    }
}

//! Inputs 100,000 deep: chains (`let`, `else if`, operators, pipelines,
//! indexing) parse by iterating, without errors; genuine nesting beyond the
//! limit is one error; nothing overflows the stack, dropping the trees
//! included. Run in the test harness's threads (2 MiB stacks).

use runic_syntax::{parse, SyntaxKind};

const N: usize = 100_000;

fn body(expr: &str) -> String {
    format!("def main (x: i32) : i32 =\n  {expr}\n")
}

fn clean(text: &str) {
    let parse = parse(text);
    assert!(parse.errors().is_empty(), "{:?}", &parse.errors()[..1]);
    assert_eq!(parse.syntax().text().len(), (text.len() as u32).into());
}

#[test]
fn let_chains_of_any_length() {
    let mut text = String::from("def main (x: i32) : i32 =\n");
    for i in 0..N {
        text.push_str(&format!("  let x{i} = x + {i}\n"));
    }
    text.push_str("  in x\n");
    clean(&text);
    // With `in` between the bindings, too.
    clean(
        &text
            .replace("\n  let", " in\n  let")
            .replacen("= in", "=", 1),
    );
}

#[test]
fn else_if_chains_of_any_length() {
    let arms: String = (0..N)
        .map(|i| format!("if x == {i} then {i} else "))
        .collect();
    clean(&body(&format!("{arms}0")));
}

#[test]
fn operator_chains_and_pipelines_of_any_length() {
    clean(&body(&vec!["x"; N].join(" + ")));
    clean(&body(&format!("x{}", " |> id".repeat(N))));
    clean(&body(&format!("x{}", "[0]".repeat(N))));
    clean(&body(&format!("x{}", " : i32".repeat(N))));
}

#[test]
fn deep_nesting_is_one_error_not_a_crash() {
    for (open, close) in [("(", ")"), ("[", "]"), ("(-", ")"), ("{a=", "}")] {
        let text = body(&format!("{}x{}", open.repeat(N), close.repeat(N)));
        let parse = parse(&text);
        let deep: Vec<_> = parse
            .errors()
            .iter()
            .filter(|e| e.message.contains("nesting too deep"))
            .collect();
        assert_eq!(
            deep.len(),
            1,
            "{open}: {:?}",
            &parse.errors()[..3.min(parse.errors().len())]
        );
        assert_eq!(
            parse.errors().len(),
            1,
            "{open}: {:?}",
            &parse.errors()[..2]
        );
        assert_eq!(parse.syntax().text().len(), (text.len() as u32).into());
    }
    // Lambdas, types and patterns nest too.
    for text in [
        body(&format!("{}x", "\\y -> ".repeat(N))),
        format!("def f (x: {}i32) = x\n", "[1]".repeat(N)),
        format!("def f {}x{} = 0\n", "(".repeat(N), ")".repeat(N)),
        format!("module m = {}{}\n", "(".repeat(N), ")".repeat(N)),
    ] {
        let parse = parse(&text);
        assert!(!parse.errors().is_empty());
        assert!(parse.errors().len() <= 3, "{:?}", &parse.errors()[..4]);
    }
}

#[test]
fn nesting_of_real_programs_is_accepted() {
    clean(&body(&format!("{}x{}", "(".repeat(1000), ")".repeat(1000))));
}

#[test]
fn deep_trees_drop_and_walk_without_overflow() {
    let parse = parse(&body(&vec!["x"; N].join(" + ")));
    let count = parse
        .syntax()
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::BIN_EXPR)
        .count();
    assert_eq!(count, N - 1);
    drop(parse);
}

/// `with_stack_for` skips walking a tree whose text could not make it
/// deeper than the stack allows: the bound it takes must hold for the
/// deepest shapes the grammar has, chains and nesting alike.
#[test]
fn depth_stays_within_the_bound_of_the_text_length() {
    let openers = [
        "(",
        "[",
        "{a=",
        "\\x->",
        "if a then ",
        "let a = ",
        "-",
        "!",
        "f (",
        "#c (",
        "(a,",
        "a.",
        "a[",
        "loop x=",
        "match ",
        "(:",
        "[1:",
        "x with [0] = ",
        "(.",
        "{a=[(",
    ];
    for opener in openers {
        for n in [1, 7, 60, 400] {
            let text = format!("def f = {}", opener.repeat(n));
            let parse = parse(&text);
            for decl in parse.syntax().children() {
                let len = usize::from(decl.text_range().len());
                let depth = runic_syntax::tree_depth(&decl.green());
                assert!(
                    depth <= runic_syntax::depth_bound(len),
                    "{opener:?} x {n}: depth {depth} for {len} bytes"
                );
            }
        }
    }
}

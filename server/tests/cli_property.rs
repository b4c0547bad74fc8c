//! `runic test` on `property:` lines whose properties do not hold: the
//! counterexample is shrunk to the smallest one found, whatever the seed
//! (by taking rows away and moving numbers towards zero, or by the
//! property's own shrinker), and properties that are not `#[prop]` entry
//! points returning bool fail with the reason.

use std::path::PathBuf;
use std::process::Command;

const PROGRAM: &str = "\
-- ==
-- property: all_small no_sevens not_a_prop not_bool

#[prop]
entry all_small (xs: []i32) : bool = all (< 100) xs

entry sevens (size: i64) (_: u64) : []i32 = replicate (size + 1) 7

entry drop_first (xs: []i32) (_: u64) : []i32 = if length xs > 1 then xs[1:] else xs

#[prop(gen(sevens), shrink(drop_first), size(9))]
entry no_sevens (xs: []i32) : bool = all (!= 7) xs

entry not_a_prop (x: i32) : bool = x == x

#[prop]
entry not_bool (x: i32) : i32 = x
";

fn run(seed: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_property");
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    std::fs::write(dir.join("p.fut"), PROGRAM).expect("write program");
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["test", "p.fut", "--seed", seed])
        .current_dir(&dir)
        .output()
        .expect("run the runic binary");
    assert_eq!(output.status.code(), Some(1));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn counterexamples_are_shrunk_and_reported() {
    let out = run("7");
    expect_test::expect![[r#"
        FAIL p.fut:2 property all_small: property all_small does not hold for [100i32] (shrunk 84 times; --seed 7)
        FAIL p.fut:2 property no_sevens: property no_sevens does not hold for [7i32] (shrunk 9 times; --seed 7)
        FAIL p.fut:2 property not_a_prop: entry point not_a_prop has no #[prop] attribute
        FAIL p.fut:2 property not_bool: property not_bool must return bool
        0 passed, 4 failed
    "#]].assert_eq(&out);
    // Another seed finds other candidates but shrinks to the same ones.
    let other = run("12345");
    let strip = |s: &str| {
        s.lines()
            .map(|l| l.split(" (shrunk").next().unwrap_or(l).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&out), strip(&other));
}

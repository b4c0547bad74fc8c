#[test]
fn scratch() {
    const DEPTH: usize = 100_000;
    let shapes = [
        "(".repeat(DEPTH),
        "[".repeat(DEPTH),
        "{".repeat(DEPTH),
        format!("def x = {}", "(".repeat(DEPTH)),
        format!("def x = {}", "[".repeat(DEPTH)),
        format!("def x = {}1{}", "(".repeat(DEPTH), ")".repeat(DEPTH)),
        format!("def x = {}1{}", "[".repeat(DEPTH), "]".repeat(DEPTH)),
        format!("def x = {}", "-".repeat(DEPTH)),
        format!("def x = {}", "if a then ".repeat(DEPTH / 10)),
        format!("def x = {}", "let a = ".repeat(DEPTH / 10)),
        format!("def x = {}", "\\a -> ".repeat(DEPTH / 10)),
        format!("def x : {}", "[]".repeat(DEPTH)),
        format!("def x : {}", "(".repeat(DEPTH)),
        format!("def x : {}", "i32 -> ".repeat(DEPTH / 10)),
        format!("def f {} = 1", "(".repeat(DEPTH)),
        format!("module M = {}", "{ module N = ".repeat(DEPTH / 10)),
        format!("def x = {}", "a.".repeat(DEPTH)),
        format!("def x = {}", "f ".repeat(DEPTH)),
        format!("def x = {}", "1 + ".repeat(DEPTH)),
        format!("def x = {}", "#a ".repeat(DEPTH)),
    ];
    for (i, text) in shapes.iter().enumerate() {
        let t = text.clone();
        let start = std::time::Instant::now();
        let h = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
            let p = runic_syntax::parse(&t);
            let ok = p.syntax().to_string() == t;
            (ok, p.errors().len())
        }).unwrap().join().unwrap();
        eprintln!("{i}: {:?} {:?} {:?}", &text[..12.min(text.len())], h, start.elapsed());
    }
}

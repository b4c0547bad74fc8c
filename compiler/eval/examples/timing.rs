//! Times one run of a program's `main` on input text (a quick check
//! between benchmark runs): `cargo run --release --example timing -- FILE INPUT`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a program file");
    let program = runic_eval::run::load_single(&args[1], &text).expect("the program loads");
    let input = runic_eval::binary::read_all(args[2].as_bytes()).expect("the input reads");
    let start = std::time::Instant::now();
    let result =
        runic_eval::run::call_entry(&program, "main", &input, runic_eval::Limits::default());
    println!(
        "{:?} in {:?}",
        result.map(|v| runic_eval::run::show_results(&program, "main", &v)),
        start.elapsed()
    );
}

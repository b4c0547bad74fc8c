//! End-to-end tests of the command line on hostile or careless input:
//! import cycles, values too large for their type or for memory, deep or
//! endless input, and programs that allocate without bound. Each must end
//! in a clear error, never a crash or an unbounded wait.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch folder for one test, holding the given files.
fn scratch(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_limits")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write scratch file");
    }
    dir
}

/// Runs `runic ARGS` in `dir` with `input` on stdin.
fn runic(dir: &PathBuf, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the runic binary");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // The process may stop reading early (and close its end).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for runic");
    let _ = writer.join();
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn import_cycles_are_reported_with_their_chain() {
    let dir = scratch(
        "import_cycle",
        &[
            ("a.fut", "import \"b\"\ndef x = 1i32\n"),
            ("b.fut", "import \"c\"\ndef y = 2i32\n"),
            ("c.fut", "import \"a\"\ndef z = 3i32\n"),
            ("self.fut", "import \"self\"\ndef w = 4i32\n"),
        ],
    );
    let output = runic(&dir, &["check", "a.fut"], b"");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("Import cycle: a.fut -> b.fut -> c.fut -> a.fut."),
        "{err}"
    );
    assert!(!err.contains("Could not find import"), "{err}");

    let output = runic(&dir, &["check", "self.fut"], b"");
    let err = stderr(&output);
    assert!(err.contains("Import cycle: self.fut -> self.fut."), "{err}");
}

const PROGRAM: &str = "\
entry lengths (xs: [][]f64) = map (\\r -> length r) xs
entry ints (xs: []i32) = xs
entry small (x: i8) (y: u8) = (x, y)
entry deep (x: i32) = x
entry doubling (n: i64) = loop xs = iota n for _i < 40 do xs ++ xs
entry growing (n: i64) = loop xs = [0i64] for _i < n do map (+1) (xs ++ xs)
entry many (n: i64) = replicate n 1i64
";

fn run_program(test: &str, args: &[&str], input: &[u8]) -> Output {
    let dir = scratch(test, &[("p.fut", PROGRAM)]);
    let mut all = vec!["run", "p.fut"];
    all.extend_from_slice(args);
    runic(&dir, &all, input)
}

#[test]
fn huge_empty_arrays_are_refused_not_a_crash() {
    let output = run_program(
        "huge_empty",
        &["-e", "lengths"],
        b"empty([4611686018427387904][0]f64)",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("Cannot allocate an array of 4611686018427387904 rows"),
        "{err}"
    );
}

#[test]
fn integers_out_of_range_in_input_are_errors() {
    let output = run_program("int_range", &["-e", "ints"], b"[1, 3000000000]");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a value of type i32 (`3000000000` is out of its range)"),
        "{err}"
    );
    let output = run_program(
        "int_range_ok",
        &["-e", "ints"],
        b"[2147483647, -2147483648]",
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "[2147483647i32, -2147483648i32]\n"
    );
    let output = run_program("int_range_i8", &["-e", "small"], b"-129i8 1u8");
    assert!(stderr(&output).contains("`-129i8` is out of its range"));
    let output = run_program("int_range_u8", &["-e", "small"], b"1i8 256u8");
    assert!(stderr(&output).contains("`256u8` is out of its range"));
    // Bit patterns fill the whole width; `-1u8` is 255 as in programs.
    let output = run_program("int_range_bits", &["-e", "small"], b"0xffi8 -1u8");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "-1i8\n255u8\n");
}

#[test]
fn deep_input_is_refused_quickly() {
    let depth = 100_000;
    let input = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let started = Instant::now();
    let output = run_program("deep_input", &["-e", "deep"], input.as_bytes());
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("at most 1000 nested arrays"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn endless_input_is_refused_early() {
    let dir = scratch("endless", &[("p.fut", PROGRAM)]);
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["run", "p.fut", "-e", "deep"])
        .current_dir(&dir)
        .stdin(zero)
        .output()
        .expect("run runic");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("byte 0: unexpected byte 0x00"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));

    // Endless but well-formed input stops at the memory limit.
    let yes = Command::new("sh")
        .args([
            "-c",
            "while :; do echo '1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1'; done",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("a shell");
    let mut yes = yes;
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["run", "p.fut", "-e", "deep", "--memory-limit", "1"])
        .current_dir(&dir)
        .stdin(yes.stdout.take().expect("piped"))
        .output()
        .expect("run runic");
    let _ = yes.kill();
    let _ = yes.wait();
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("larger than the memory limit (1 MiB)"),
        "{err}"
    );
}

#[test]
fn the_interpreter_stops_at_its_memory_limit() {
    for (entry, input) in [
        ("doubling", "1i64"),
        ("growing", "40i64"),
        ("many", "100000000i64"),
    ] {
        let output = run_program(
            &format!("memory_{entry}"),
            &["-e", entry, "--memory-limit", "64"],
            input.as_bytes(),
        );
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{entry}: {err}");
        assert!(
            err.contains("evaluation stopped: memory limit (64 MiB) reached"),
            "{entry}: {err}"
        );
    }
}

#[test]
fn checking_an_endless_file_stops_at_once() {
    let dir = scratch("check_zero", &[]);
    let started = Instant::now();
    let output = runic(&dir, &["check", "/dev/zero"], b"");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("a NUL byte at offset 0"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

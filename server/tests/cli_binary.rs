//! `runic run -b`: results in Futhark's binary data format, read back with
//! the `futhark-data` package from PyPI (Futhark's own reader), and compared
//! byte for byte with what that package writes for the same values.

mod python_support;

mod cli_support;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::runic;

fn scratch(test: &str, program: &str) -> std::path::PathBuf {
    cli_support::scratch("cli_binary", test, program)
}

fn run_binary(dir: &Path, input: &str) -> Output {
    runic(dir, &["run", "-b", "p.fut"], input)
}

/// Loads a binary stream with `futhark_data` and prints each value's
/// dtype, shape and elements; then writes the same values back with
/// `futhark_data.dump(binary=True)` and says whether the bytes agree.
const READ_BACK: &str = r#"
import sys, io, futhark_data
data = open(sys.argv[1], 'rb').read()
values = list(futhark_data.load(io.BytesIO(data)))
for v in values:
    print(v.dtype, list(v.shape), v.flatten().tolist())
again = io.BytesIO()
for v in values:
    futhark_data.dump(v, again, binary=True)
print('same bytes' if again.getvalue() == data else 'different bytes')
"#;

const PROGRAM: &str = "\
entry main (xs: []i32) (x: f64) =
  (map (*2) xs, x, true, [[1u8, 2], [3, 4]], filter (> 100f32) [1f32], -3i64, 0.5f16, [65535u16])

type state = {count: i32}
entry opaque (x: i32) : state = {count = x}
";

#[test]
fn binary_results_read_back_with_futhark_data() {
    let dir = scratch("read_back", PROGRAM);
    let output = run_binary(&dir, "[1, 2, 3] 2.5");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The header of the first value, as the format lays it out.
    assert_eq!(&output.stdout[..7], b"b\x02\x01 i32");
    if !python_support::have_python_modules(&["futhark_data"]) {
        return;
    }
    let file = dir.join("out.bin");
    std::fs::write(&file, &output.stdout).expect("write output");
    let read = Command::new("python3")
        .args(["-c", READ_BACK])
        .arg(&file)
        .output()
        .expect("run python3");
    assert!(
        read.status.success(),
        "{}",
        String::from_utf8_lossy(&read.stderr)
    );
    expect_test::expect![[r#"
        int32 [3] [2, 4, 6]
        float64 [] [2.5]
        bool [] [True]
        uint8 [2, 2] [1, 2, 3, 4]
        float32 [0] []
        int64 [] [-3]
        float16 [] [0.5]
        uint16 [1] [65535]
        same bytes
    "#]]
    .assert_eq(&String::from_utf8_lossy(&read.stdout));
}

#[test]
fn opaque_results_have_no_binary_form() {
    let dir = scratch("opaque", PROGRAM);
    let output = runic(&dir, &["run", "-b", "-e", "opaque", "p.fut"], b"7");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    expect_test::expect![[r#"
        runic: error: result 1 has the opaque type `state`, which has no binary form
    "#]]
    .assert_eq(&String::from_utf8_lossy(&output.stderr));
}

//! `runic autotune` and the `.tuning` files `run`, `test` and `bench` read,
//! on the OpenCL backend (PoCL in CI): the autotuner writes a threshold
//! for each versioned nest the datasets reach, chosen among the sizes
//! they compared; a tuning file decides which version runs; a bad one is
//! refused with its name. Skipped, with a notice, where no OpenCL platform
//! exists at all.

mod cli_support;

use cli_support::{runic, scratch};

/// A map around a reduction: two versions, chosen by one threshold on
/// the map's width.
const NEST: &str = "\
-- ==
-- input { [[1, 2], [3, 4]] } output { [3, 7] }
-- random input { [4][3000]i32 }
-- random input { [3000][4]i32 }
entry main [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\xs -> i32.sum (map (\\x -> x * 2 - x) xs)) xss
";

fn no_device(stderr: &str) -> bool {
    let missing = stderr.contains("no OpenCL device is available");
    if missing {
        eprintln!("note: no OpenCL platform; skipping");
    }
    missing
}

#[test]
fn autotune_writes_a_threshold_chosen_among_the_compared_sizes() {
    let dir = scratch("cli_autotune", "writes", NEST);
    let out = runic(&dir, &["autotune", "--runs", "1", "p.fut"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if no_device(&stderr) {
        return;
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{stderr}");
    let tuning = std::fs::read_to_string(dir.join("p.fut.tuning")).expect("p.fut.tuning");
    let (name, value) = tuning.trim().split_once('=').expect("name=value");
    assert_eq!(name, "main.suff_outer_par_0", "{tuning}");
    let value: i64 = value.parse().expect("an integer");
    // The sizes the three datasets compare (the maps' widths), or never.
    assert!([2, 4, 3000, i64::MAX].contains(&value), "{tuning}");
    assert!(stdout.contains("main [3000][4]i32: size 3000"), "{stdout}");
    // `runic test` reads the file and still passes.
    let test = runic(&dir, &["test", "--backend", "opencl", "p.fut"], "");
    let text = String::from_utf8_lossy(&test.stdout);
    assert!(text.trim_end().ends_with("3 passed, 0 failed"), "{text}");
}

#[test]
fn the_tuning_file_decides_which_version_runs() {
    let dir = scratch("cli_autotune", "decides", NEST);
    let run = |tuning: &str| {
        std::fs::write(dir.join("p.fut.tuning"), tuning).expect("write tuning");
        let out = runic(
            &dir,
            &["run", "--backend", "opencl", "--verbose", "p.fut"],
            "[[1, 2], [3, 4], [5, 6]]",
        );
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        (String::from_utf8_lossy(&out.stdout).to_string(), stderr)
    };
    let (stdout, stderr) = run("main.suff_outer_par_0=3\n");
    if no_device(&stderr) {
        return;
    }
    assert_eq!(stdout, "[3i32, 7i32, 11i32]\n");
    assert!(
        stderr.contains("main.suff_outer_par_0: size 3, the first version"),
        "{stderr}"
    );
    let (stdout, stderr) = run("main.suff_outer_par_0=4\n");
    assert_eq!(stdout, "[3i32, 7i32, 11i32]\n");
    assert!(
        stderr.contains("main.suff_outer_par_0: size 3, the second version"),
        "{stderr}"
    );
    // `--tuning` names another file, which takes precedence.
    std::fs::write(dir.join("other.tuning"), "main.suff_outer_par_0=1\n").expect("write");
    let out = runic(
        &dir,
        &[
            "run",
            "--backend",
            "opencl",
            "--verbose",
            "--tuning",
            "other.tuning",
            "p.fut",
        ],
        "[[1, 2]]",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("size 1, the first version"), "{stderr}");
}

#[test]
fn a_bad_tuning_file_is_refused_with_its_name_and_line() {
    let dir = scratch("cli_autotune", "bad", NEST);
    std::fs::write(dir.join("p.fut.tuning"), "main.suff_outer_par_0=many\n").expect("write");
    let out = runic(&dir, &["run", "--backend", "interp", "p.fut"], "[[1]]");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("tuning file `p.fut.tuning`: line 1: expected `name=value`"),
        "{stderr}"
    );
}

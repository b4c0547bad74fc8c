//! `runic serve`: Futhark's server protocol, driven by the real
//! `futhark-server` client from PyPI (Futhark's own Python binding of the
//! protocol, which `futhark bench`-like tools use), and by raw lines for
//! what the client does not wrap (the answers' exact framing, failures
//! that leave the server ready for more, a program that does not compile).

mod cli_support;
mod python_support;

use std::path::{Path, PathBuf};
use std::process::Command;

const PROGRAM: &str = "\
type state = {count: i32, total: f64}
type shape = #circle f64 | #rect f64 f64 | #dot

entry start (x: i32) : state = {count = x, total = 0}
entry step (s: state) (y: f64) : state = {count = s.count + 1, total = s.total + y}
entry summary (s: state) : (i32, f64) = (s.count, s.total)

#[noinline]
entry scale [n] (k: f32) (xs: [n]f32) : [n]f32 = map (*k) xs

entry pick (xs: []i64) (i: i64) : i64 = xs[i]

entry area (s: shape) : f64 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #dot -> 0

entry grid (n: i64) : [][]i32 = tabulate_2d n (n + 1) (\\i j -> i32.i64 (i * 10 + j))

entry bump (xs: *[]i64) (k: i64) : []i64 = xs with [0] = k

entry swap (a: i64, b: f32) : (f32, i64) = (b, a)
";

fn scratch(test: &str) -> PathBuf {
    cli_support::scratch("serve", test, PROGRAM)
}

/// A session with the `futhark_server.Server` class: every command the
/// client wraps, and failures that leave the server usable.
const SESSION: &str = r#"
import sys, numpy as np, futhark_server
from futhark_server import Server, Failure

def fails(f, *args):
    try:
        f(*args)
    except Failure as e:
        return str(e).splitlines()[-1]
    raise AssertionError("no failure")

with Server(sys.argv[1], "serve", sys.argv[2]) as s:
    print("entry points:", s.cmd_entry_points())
    print("types:", s.cmd_types())
    print("inputs step:", s.cmd_inputs("step"), "output summary:", s.cmd_output("summary"))
    print("attributes scale:", s.cmd("attributes", "scale"))
    print("tuning params:", s.cmd_tuning_params("scale"))
    s.put_value("x", np.int32(5))
    s.put_value("y", np.float64(2.5))
    assert s.cmd_call("start", "st", "x")[0].startswith("runtime: ")
    s.cmd_call("step", "st2", "st", "y")
    s.cmd_call("summary", "c", "t", "st2")
    print("summary:", s.get_value("c"), s.get_value("t"))
    print("fields state:", s.cmd_fields("state"), "kind:", s.cmd("kind", "state"))
    s.cmd_project("cnt", "st2", "count")
    print("project:", s.get_value("cnt"), s.cmd("type", "cnt"))
    s.cmd("new", "st3", "state", "cnt", "y")
    s.cmd_call("summary", "c3", "t3", "st3")
    print("new:", s.get_value("c3"), s.get_value("t3"))
    s.put_value("xs", np.array([1, 2, 3], dtype=np.float32))
    s.put_value("k", np.float32(2))
    s.cmd_call("scale", "ys", "k", "xs")
    print("scale:", s.get_value("ys").tolist(), s.cmd("shape", "ys"), s.cmd("rank", "[]f32"), s.cmd("elemtype", "[]f32"))
    s.put_value("r", np.float64(2.0))
    s.cmd("construct", "sh", "shape", "circle", "r")
    s.cmd_call("area", "a", "sh")
    print("variants:", s.cmd("variants", "shape"), "variant:", s.cmd("variant", "sh"), "area:", s.get_value("a"))
    s.cmd("destruct", "sh", "r2")
    print("destruct:", s.get_value("r2"))
    s.put_value("n", np.int64(2))
    s.cmd_call("grid", "g", "n")
    print("grid:", s.get_value("g").tolist())
    s.cmd("index", "g12", "g", "1", "2")
    s.cmd("set", "g", "cnt", "0", "0")
    print("index:", s.get_value("g12"), "set:", s.get_value("g").tolist())
    s.cmd("new_array", "arr", "[]i64", "3", "n", "n", "n")
    s.put_value("i", np.int64(7))
    print("out of bounds:", fails(s.cmd_call, "pick", "p", "arr", "i"))
    print("unknown entry:", fails(s.cmd_call, "nope", "p"))
    print("argument count:", fails(s.cmd_call, "pick", "p", "arr"))
    print("output exists:", fails(s.cmd_call, "pick", "arr", "arr", "n"))
    print("wrong type:", fails(s.cmd_call, "pick", "p", "xs", "n"))
    print("unknown variable:", fails(s.cmd_free, "nothing"))
    print("opaque store:", fails(s.cmd_store, "/dev/null", "st"))
    print("bad file:", fails(s.cmd_restore, "/nonexistent/file", ("z", "i32")))
    print("unknown command:", fails(s.cmd, "frobnicate"))
    print("tuning:", fails(s.cmd_set_tuning_param, "foo", "1"))
    s.cmd_rename("arr", "arr2")
    s.cmd_call("pick", "p", "arr2", "n")
    print("renamed:", s.get_value("p"))
    print("moved:", fails(s.get_value, "arr"))
    bs = s.get_value_bytes("arr2")
    s.put_value_bytes(bs, ("arr3", "[]i64"))  # the client takes one pair here
    print("bytes:", s.get_value("arr3").tolist())
    print("wrong restore type:", fails(s.put_value_bytes, bs, ("arr4", "[]i32")))
    s.cmd_free("arr2", "arr3")
    s.cmd_clear(); s.cmd_pause_profiling(); s.cmd_unpause_profiling()
    print("report:", s.cmd_report())
print("closed")
"#;

#[test]
fn the_futhark_server_client_drives_runic_serve() {
    let dir = scratch("client");
    if !python_support::have_python_modules(&["futhark_server", "numpy"]) {
        return;
    }
    let output = Command::new("python3")
        .args(["-c", SESSION, env!("CARGO_BIN_EXE_runic"), "p.fut"])
        .current_dir(&dir)
        .output()
        .expect("run python3");
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    expect_test::expect![[r#"
        entry points: ['start', 'step', 'summary', 'scale', 'pick', 'area', 'grid', 'bump', 'swap']
        types: ['state', '[]f32', '[]i64', 'shape', '[][]i32', '(i64, f32)']
        inputs step: ['state', 'f64'] output summary: ['i32', 'f64']
        attributes scale: ['noinline']
        tuning params: []
        summary: 6 2.5
        fields state: ['count i32', 'total f64'] kind: ['record']
        project: 6 ['i32']
        new: 6 2.5
        scale: [2.0, 4.0, 6.0] ['3'] ['1'] ['f32']
        variants: ['circle', '- f64', 'dot', 'rect', '- f64', '- f64'] variant: ['circle'] area: 12.0
        destruct: 2.0
        grid: [[0, 1, 2], [10, 11, 12]]
        index: 12 set: [[6, 1, 2], [10, 11, 12]]
        out of bounds: Index [7] out of bounds for array of shape [3].
        unknown entry: Unknown entry point: nope
        argument count: Invalid argument count (2, expected 3)
        output exists: Variable already exists: arr
        wrong type: Wrong input type for xs: expected []i64, got []f32.
        unknown variable: Unknown variable: nothing
        opaque store: Cannot store st of the opaque type state: runic serve stores only scalars and arrays of scalars
        bad file: Failed to open /nonexistent/file: No such file or directory (os error 2)
        unknown command: Unknown command: frobnicate
        tuning: Unknown tuning parameter: foo
        renamed: 2
        moved: Unknown variable: arr
        bytes: [2, 2, 2]
        wrong restore type: Failed to restore variable arr4: expected []i32, got []i64
        report: ['{"memory":{},"events":[]}']
        closed
    "#]].assert_eq(&String::from_utf8_lossy(&output.stdout));
}

/// Runs `runic serve p.fut` with `input` on stdin; gives stdout, stderr
/// and the exit code.
fn raw(dir: &Path, input: &str) -> (String, String, Option<i32>) {
    let output = cli_support::runic(dir, &["serve", "p.fut"], input);
    // The run time of `call` varies: shown as `runtime: N`.
    let stdout: String = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| match l.strip_prefix("runtime: ") {
            Some(_) => "runtime: N\n".to_string(),
            None => format!("{l}\n"),
        })
        .collect();
    (
        stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn answers_are_framed_and_failures_leave_the_server_ready() {
    let dir = scratch("raw");
    std::fs::write(dir.join("vals.txt"), "3i64 2.5f32").expect("write values");
    let (stdout, _, code) = raw(
        &dir,
        "entry_points\n\ninputs scale\ninputs bump\ninputs swap\nkind \"(i64, f32)\"\nfields \"(i64, f32)\"\nrestore vals.txt i i64 f f32\nnew p \"(i64, f32)\" i i\nnew p \"(i64, f32)\" i f\ncall swap x y p\nstore /dev/null x y\ninputs \"no such\"\nkind [][]i32\nkind f64\nfields shape\n\"unterminated\n",
    );
    expect_test::expect![[r#"
        %%% OK
        start
        step
        summary
        scale
        pick
        area
        grid
        bump
        swap
        %%% OK
        f32
        []f32
        %%% OK
        *[]i64
        i64
        %%% OK
        (i64, f32)
        %%% OK
        record
        %%% OK
        0 i64
        1 f32
        %%% OK
        %%% OK
        %%% FAILURE
        Wrong type of i: expected f32, got i64
        %%% OK
        %%% OK
        runtime: N
        %%% OK
        %%% OK
        %%% FAILURE
        Unknown entry point: no such
        %%% OK
        array
        %%% OK
        primitive
        %%% OK
        %%% FAILURE
        Not a record type: shape
        %%% OK
        %%% FAILURE
        Unterminated quoted word
        %%% OK
    "#]]
    .assert_eq(&stdout);
    assert_eq!(code, Some(0), "the end of the input ends the server");
}

#[test]
fn a_program_with_errors_is_reported_and_never_served() {
    let dir = scratch("errors");
    std::fs::write(dir.join("p.fut"), "entry main (x: i32) = x + true\n").expect("write");
    let (stdout, stderr, code) = raw(&dir, "entry_points\n");
    assert_eq!(stdout, "");
    assert!(stderr.contains("error"), "{stderr}");
    assert_eq!(code, Some(1));
}

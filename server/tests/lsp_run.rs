//! Protocol test of the Run lens: code lenses on entry points (one per
//! dataset of the test blocks), `runic.run` answering results, timings,
//! verdicts and located errors with `$/progress`, and runs stopped by
//! `$/cancelRequest` or by a newer run of the same entry.

mod lsp_support;

use std::time::{Duration, Instant};

use lsp_support::*;
use serde_json::{json, Value};

const URI: &str = "file:///work/run.fut";

const TEXT: &str = "\
-- ==
-- input { [1, 2, 3] } output { 6 }
-- \"wrong\" input { [1] } output { 2 }
-- ==
-- entry: scaled
-- input { 2 [1, 2] } output { [2, 4] }

entry main (xs: []i32) : i32 = reduce (+) 0 xs

entry scaled (k: i32) (xs: []i32) : []i32 = map (* k) xs

entry answer : i32 = trace 40 + 2

entry needs (x: i32) : i32 = x

def pick (xs: []i32) (i: i64) = xs[i]

entry boom : i32 = pick [1, 2] 5

entry spin : i64 = loop i = 0i64 while i >= 0 do i + 1
";

fn run(client: &mut LspClient, entry: &str, dataset: Value, token: Option<&str>) -> Value {
    let id = send_run(client, URI, entry, dataset, token);
    client.response(id).expect("runic.run answers")
}

fn send_run(
    client: &mut LspClient,
    uri: &str,
    entry: &str,
    dataset: Value,
    token: Option<&str>,
) -> i64 {
    let mut params = json!({
        "command": "runic.run",
        "arguments": [{ "uri": uri, "entry": entry, "dataset": dataset }],
    });
    if let Some(token) = token {
        params["workDoneToken"] = json!(token);
    }
    client.send_request("workspace/executeCommand", params)
}

fn line_of(needle: &str) -> usize {
    TEXT[..TEXT.find(needle).unwrap()].matches('\n').count()
}

#[test]
fn lenses_on_every_entry_point_and_dataset() {
    let mut client = LspClient::spawn();
    let init = client.initialize();
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"],
        json!(["runic.run"])
    );
    open(&mut client, URI, TEXT);
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": URI } }),
        )
        .expect("code lenses");
    let got: Vec<(String, u64, String, Value)> = lenses
        .as_array()
        .expect("a list")
        .iter()
        .map(|l| {
            let command = &l["command"];
            (
                command["title"].as_str().unwrap().to_string(),
                l["range"]["start"]["line"].as_u64().unwrap(),
                command["command"].as_str().unwrap().to_string(),
                command["arguments"][0]["dataset"].clone(),
            )
        })
        .collect();
    let line = |n: &str| line_of(n) as u64;
    let run = |title: &str, at: &str, dataset: Value| {
        (
            title.to_string(),
            line(at),
            "runic.run".to_string(),
            dataset,
        )
    };
    assert_eq!(
        got,
        vec![
            run("▶ Run main (dataset #0)", "entry main", json!(0)),
            run("▶ Run main (\"wrong\")", "entry main", json!(1)),
            run("▶ Run scaled (dataset #2)", "entry scaled", json!(2)),
            run("▶ Run answer", "entry answer", Value::Null),
            (
                "Run needs: needs input (add a -- == test block)".to_string(),
                line("entry needs"),
                String::new(),
                Value::Null
            ),
            run("▶ Run boom", "entry boom", Value::Null),
            run("▶ Run spin", "entry spin", Value::Null),
        ]
    );
    let first = &lenses[0];
    assert_eq!(first["command"]["arguments"][0]["uri"], json!(URI));
    assert_eq!(first["command"]["arguments"][0]["entry"], json!("main"));
    let at = TEXT.find("main (xs").unwrap();
    assert_eq!(first["range"], range(TEXT, at, at + 4));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn runs_answer_results_timings_and_verdicts() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);

    let answer = run(&mut client, "main", json!(0), Some("run-1"));
    assert_eq!(answer["results"], json!(["6i32"]), "{answer}");
    assert_eq!(answer["passed"], json!(true));
    assert_eq!(answer["backend"], json!("interpreter"));
    assert_eq!(answer["dataset"], json!("#0"));
    assert!(answer["timings"]["compile_ms"].as_f64().unwrap() > 0.0);
    assert!(answer["timings"]["run_ms"].as_f64().unwrap() >= 0.0);
    assert!(answer.get("error").is_none());
    let progress: Vec<(String, String)> = (0..3)
        .map(|_| {
            let params = client.notification("$/progress", |p| p["token"] == json!("run-1"));
            let value = &params["value"];
            (
                value["kind"].as_str().unwrap_or("").to_string(),
                value["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        progress,
        vec![
            ("begin".to_string(), "compiling".to_string()),
            ("report".to_string(), "running".to_string()),
            ("end".to_string(), "done".to_string()),
        ]
    );

    let wrong = run(&mut client, "main", json!("wrong"), None);
    assert_eq!(wrong["results"], json!(["1i32"]));
    assert_eq!(wrong["passed"], json!(false));
    assert!(wrong["mismatch"].is_string(), "{wrong}");

    let scaled = run(&mut client, "scaled", json!(2), None);
    assert_eq!(scaled["results"], json!(["[2i32, 4i32]"]), "{scaled}");
    assert_eq!(scaled["passed"], json!(true));

    let answer = run(&mut client, "answer", Value::Null, None);
    assert_eq!(answer["results"], json!(["42i32"]), "{answer}");
    assert!(answer.get("passed").is_none());
    assert_eq!(
        answer["trace"].as_array().map(Vec::len),
        Some(1),
        "{answer}"
    );

    let missing = run(&mut client, "main", json!(7), None);
    assert_eq!(missing["error"], json!("no dataset #7 for entry `main`"));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn errors_come_back_located() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);
    let boom = run(&mut client, "boom", Value::Null, None);
    assert_eq!(
        boom["error"],
        json!("Index [5] out of bounds for array of shape [2]."),
        "{boom}"
    );
    let pick = format!("file:///work/run.fut:{}:", line_of("def pick") + 1);
    assert!(boom["location"].as_str().unwrap().contains(&pick), "{boom}");
    assert_eq!(boom["stack"].as_array().map(Vec::len), Some(2), "{boom}");

    let broken_uri = "file:///work/broken.fut";
    let broken = "entry main (x: i32) : i32 = x + true\n";
    open(&mut client, broken_uri, broken);
    let id = send_run(&mut client, broken_uri, "main", Value::Null, None);
    let answer = client.response(id).expect("an answer, not an error");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("compile error: "),
        "{answer}"
    );
    assert!(
        answer["location"]
            .as_str()
            .unwrap()
            .starts_with("file:///work/broken.fut:1:"),
        "{answer}"
    );
    assert!(answer.get("results").is_none());

    let unknown = send_run(&mut client, URI, "nosuch", Value::Null, None);
    let answer = client.response(unknown).expect("an answer");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("no entry point named `nosuch`"),
        "{answer}"
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn long_runs_are_cancelled() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);

    // $/cancelRequest stops the run.
    let started = Instant::now();
    let id = send_run(&mut client, URI, "spin", Value::Null, Some("spin-1"));
    let begun = client.notification("$/progress", |p| p["token"] == json!("spin-1"));
    assert_eq!(begun["value"]["kind"], json!("begin"));
    // Other requests are answered while it runs.
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .expect("symbols during a run");
    assert_eq!(symbols[0]["name"], json!("main"));
    std::thread::sleep(Duration::from_millis(300));
    client.notify("$/cancelRequest", json!({ "id": id }));
    let error = client.response(id).expect_err("cancelled");
    assert_eq!(error["code"], json!(-32800), "{error}");
    let ended = client.notification("$/progress", |p| {
        p["token"] == json!("spin-1") && p["value"]["kind"] == json!("end")
    });
    assert_eq!(ended["value"]["message"], json!("cancelled"));
    assert!(started.elapsed() < Duration::from_secs(10));

    // A newer run of the same entry stops the older one.
    let older = send_run(&mut client, URI, "spin", Value::Null, None);
    std::thread::sleep(Duration::from_millis(500));
    let newer = send_run(&mut client, URI, "spin", Value::Null, None);
    let answer = client.response(older).expect("an answer");
    assert_eq!(answer["cancelled"], json!(true), "{answer}");
    assert!(answer["error"].as_str().unwrap().starts_with("cancelled"));
    client.notify("$/cancelRequest", json!({ "id": newer }));
    assert!(client.response(newer).is_err());

    // The server goes on answering, and runs again.
    let answer = run(&mut client, "answer", Value::Null, None);
    assert_eq!(answer["results"], json!(["42i32"]), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn progress_on_a_token_the_server_creates() {
    let mut client = LspClient::spawn();
    client.initialize_with(json!({ "window": { "workDoneProgress": true } }));
    open(&mut client, URI, TEXT);
    let id = send_run(&mut client, URI, "main", json!(0), None);
    let create = client.wait_for(|m| m["method"] == json!("window/workDoneProgress/create"));
    let token = create["params"]["token"].clone();
    assert!(token.is_string(), "{create}");
    client.send(&json!({ "jsonrpc": "2.0", "id": create["id"], "result": null }));
    let answer = client.response(id).expect("an answer");
    assert_eq!(answer["results"], json!(["6i32"]), "{answer}");
    let kinds: Vec<Value> = (0..3)
        .map(|_| {
            client.notification("$/progress", |p| p["token"] == token)["value"]["kind"].clone()
        })
        .collect();
    assert_eq!(kinds, vec![json!("begin"), json!("report"), json!("end")]);
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

/// Whether an OpenCL device exists here (PoCL in CI): asked of the CLI.
fn opencl_available() -> bool {
    let dir = std::env::temp_dir();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["run", "--backend", "opencl", "/nonexistent/none.fut"])
        .current_dir(dir)
        .output()
        .expect("run the runic binary");
    !String::from_utf8_lossy(&out.stderr).contains("no OpenCL device is available")
}

#[test]
fn the_backend_setting_runs_the_lens_on_the_gpu() {
    if !opencl_available() {
        eprintln!("note: no OpenCL platform; skipping the Run lens on the GPU");
        return;
    }
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "runic": { "backend": "opencl" } } }),
    );
    let answer = run(&mut client, "scaled", json!(2), None);
    assert_eq!(answer["results"], json!(["[2i32, 4i32]"]), "{answer}");
    assert_eq!(answer["passed"], json!(true), "{answer}");
    assert_eq!(answer["backend"], json!("opencl"), "{answer}");
    assert!(
        answer["device"].as_str().is_some_and(|d| !d.is_empty()),
        "{answer}"
    );

    // A request's own backend wins over the setting.
    let id = client.send_request(
        "workspace/executeCommand",
        json!({
            "command": "runic.run",
            "arguments": [{ "uri": URI, "entry": "main", "dataset": 0, "backend": "interp" }],
        }),
    );
    let answer = client.response(id).expect("runic.run answers");
    assert_eq!(answer["backend"], json!("interpreter"), "{answer}");
    assert_eq!(answer["results"], json!(["6i32"]), "{answer}");

    let bad = client.send_request(
        "workspace/executeCommand",
        json!({
            "command": "runic.run",
            "arguments": [{ "uri": URI, "entry": "main", "dataset": 0, "backend": "tpu" }],
        }),
    );
    let answer = client.response(bad).expect("runic.run answers");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("unknown backend")),
        "{answer}"
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

//! Protocol test of the evaluation lenses: `-- >>> EXPR` comments get code
//! lenses titled with the value, an error, or a stop at the time or memory
//! limit; an endless evaluation does not keep the server from answering.

mod lsp_support;

use std::time::{Duration, Instant};

use lsp_support::*;
use serde_json::json;

const URI: &str = "file:///work/lens.fut";

const TEXT: &str = "\
def sq (x: i32) = x * x

-- >>> sq 12
-- >>> map sq [1, 2, 3]
-- >>> [1, 2][5]
-- >>> loop i = 0i64 while true do i + 1
";

#[test]
fn lenses_show_values_errors_and_time_limits() {
    let mut client = LspClient::spawn();
    let init = client.initialize();
    assert_eq!(
        init["capabilities"]["codeLensProvider"]["resolveProvider"],
        json!(false)
    );
    open(&mut client, URI, TEXT);

    let started = Instant::now();
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": URI } }),
        )
        .expect("code lenses");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the time limit holds"
    );
    let lenses = lenses.as_array().expect("a list of lenses").clone();
    let titles: Vec<&str> = lenses
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles[..3],
        [
            "= 144i32",
            "= [1i32, 4i32, 9i32]",
            "error: Index [5] out of bounds for array of shape [2]."
        ]
    );
    assert!(
        titles[3].starts_with("error: evaluation stopped"),
        "{}",
        titles[3]
    );
    let at = TEXT.find("-- >>> sq 12").unwrap();
    assert_eq!(
        lenses[0]["range"],
        range(TEXT, at, at + "-- >>> sq 12".len())
    );

    // The server still answers other requests afterwards.
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .expect("symbols");
    assert_eq!(symbols[0]["name"], json!("sq"));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn lenses_stop_at_the_memory_limit() {
    const GREEDY: &str = "\
-- >>> length (replicate 100000000 1i64)
-- >>> i64.sum (iota 200000000)
-- >>> length (replicate 1000 1i64)
";
    let uri = "file:///work/greedy.fut";
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, uri, GREEDY);
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": uri } }),
        )
        .expect("code lenses");
    let titles: Vec<String> = lenses
        .as_array()
        .expect("a list of lenses")
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap().to_string())
        .collect();
    let stopped = "error: evaluation stopped: memory limit (512 MiB) reached";
    assert_eq!(titles, [stopped, stopped, "= 1000i64"]);
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

//! Protocol tests of a careless or vanishing client: a message with good
//! framing but bad JSON (or JSON that is no JSON-RPC message) gets its
//! JSON-RPC error and the session goes on; closing stdin ends the server
//! even while a run that never ends is in flight.

mod lsp_support;

use std::time::{Duration, Instant};

use lsp_support::*;
use serde_json::{json, Value};

const URI: &str = "file:///work/robust.fut";

const TEXT: &str = "\
entry spin : i64 = loop i = 0i64 while i >= 0 do i + 1

entry answer : i32 = 42
";

fn framed(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fn symbols(client: &mut LspClient) -> Value {
    client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .expect("symbols")
}

#[test]
fn bad_messages_get_errors_and_the_session_goes_on() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);

    client.send_bytes(&framed(r#"{"jsonrpc": "2.0", "id": 9, "method": "#));
    let error = client.wait_for(|m| m["error"]["code"] == json!(-32700));
    assert_eq!(error["id"], Value::Null, "{error}");
    assert_eq!(error["error"]["message"], json!("Parse error"));

    // Not UTF-8 either.
    client.send_bytes(b"Content-Length: 2\r\n\r\n\xff\xfe");
    client.wait_for(|m| m["error"]["code"] == json!(-32700));

    // JSON, but no JSON-RPC message.
    client.send_bytes(&framed(r#"{"id": 12, "hello": "world"}"#));
    let error = client.wait_for(|m| m["error"]["code"] == json!(-32600));
    assert_eq!(error["id"], json!(12), "{error}");

    // A header block without Content-Length.
    client.send_bytes(b"Content-Type: application/json\r\n\r\n");
    client.wait_for(|m| m["error"]["code"] == json!(-32700));

    // The session goes on.
    assert_eq!(symbols(&mut client)[0]["name"], json!("spin"));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn closing_stdin_ends_runs_and_the_server() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);
    let params = json!({
        "command": "runic.run",
        "arguments": [{ "uri": URI, "entry": "spin", "dataset": null }],
        "workDoneToken": "spin",
    });
    client.send_request("workspace/executeCommand", params);
    let running = client.notification("$/progress", |p| p["value"]["kind"] == json!("report"));
    assert_eq!(running["value"]["message"], json!("running"));
    std::thread::sleep(Duration::from_millis(200));

    let closed = Instant::now();
    client.close_input();
    let status = client.wait_exit();
    assert!(
        closed.elapsed() < Duration::from_secs(5),
        "exited only after {:?}",
        closed.elapsed()
    );
    // The stream ended without `shutdown` and `exit`.
    assert_eq!(status.code(), Some(1));
}

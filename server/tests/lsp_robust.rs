//! Protocol tests of a careless or vanishing client: a message with good
//! framing but bad JSON (or JSON that is no JSON-RPC message) gets its
//! JSON-RPC error and the session goes on; closing stdin ends the server
//! even while a run that never ends is in flight; the prelude files given
//! out by go-to-definition are written again when deleted, and a link
//! planted there is replaced, never written through.

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

#[test]
fn prelude_files_are_rewritten_and_links_replaced() {
    let cache = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lsp_robust_cache");
    let _ = std::fs::remove_dir_all(&cache);
    std::fs::create_dir_all(&cache).unwrap();
    let mut client = LspClient::spawn_with_env(&[("XDG_CACHE_HOME", cache.to_str().unwrap())]);
    client.initialize();
    let text = "def f (xs: []i32) = scan (+) 0 xs\n";
    open(&mut client, URI, text);
    let definition = |client: &mut LspClient| {
        let at = position(text, text.find("scan").unwrap() + 1);
        let answer = client
            .request(
                "textDocument/definition",
                json!({ "textDocument": { "uri": URI }, "position": at }),
            )
            .expect("a definition");
        let uri = answer["uri"].as_str().expect("a location").to_string();
        std::path::PathBuf::from(uri.strip_prefix("file://").unwrap())
    };
    let path = definition(&mut client);
    assert!(path.starts_with(&cache), "{path:?}");
    let original = std::fs::read_to_string(&path).unwrap();

    // The whole cache deleted while the server runs.
    std::fs::remove_dir_all(&cache).unwrap();
    let again = definition(&mut client);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), original);

    // A link planted at the prelude file.
    #[cfg(unix)]
    {
        let victim = cache.join("victim.txt");
        std::fs::write(&victim, "precious").unwrap();
        std::fs::remove_file(&again).unwrap();
        std::os::unix::fs::symlink(&victim, &again).unwrap();
        let third = definition(&mut client);
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        let kind = std::fs::symlink_metadata(&third).unwrap().file_type();
        assert!(kind.is_file(), "{kind:?}");
        assert_eq!(std::fs::read_to_string(&third).unwrap(), original);
    }
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

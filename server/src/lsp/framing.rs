//! The stdio transport in front of tower-lsp: reads `Content-Length`
//! frames from stdin, answers a frame that is not JSON with JSON-RPC's
//! `-32700 Parse error` (and one that is JSON but no request, notification
//! or response with `-32600 Invalid Request`) and passes only well-formed
//! messages on, so one bad message never ends the session (tower-lsp's own
//! decoder stops reading at its first error). Writes whole frames to
//! stdout, the server's and its own, one at a time.
//!
//! It also tells when stdin ends, so that the server stops then even with
//! requests in flight (a run of an entry point that never ends would keep
//! tower-lsp waiting for its answer forever).

use serde_json::{json, Value};
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader,
    DuplexStream,
};
use tokio::sync::{mpsc, oneshot};
use tower_lsp::jsonrpc::{Request, Response};

/// The longest header line read (longer ones are cut off, not kept).
const MAX_HEADER_LINE: u64 = 8 * 1024;
/// The size of the pipes between this layer and tower-lsp.
const PIPE: usize = 1 << 16;

/// The ends tower-lsp reads and writes, and the signal that stdin ended.
pub struct Transport {
    pub input: DuplexStream,
    pub output: DuplexStream,
    pub stdin_closed: oneshot::Receiver<()>,
    /// Ends when everything written to `output` has reached stdout.
    pub written: tokio::task::JoinHandle<()>,
}

/// Starts the reading and writing tasks on the current runtime, over any
/// byte streams (stdin and stdout for `runic lsp`).
pub fn start<I, O>(input: I, output: O) -> Transport
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    let (to_server, server_input) = tokio::io::duplex(PIPE);
    let (server_output, from_server) = tokio::io::duplex(PIPE);
    let (frames, queued) = mpsc::unbounded_channel();
    let (closed, stdin_closed) = oneshot::channel();
    tokio::spawn(read_client(
        BufReader::new(input),
        to_server,
        frames.clone(),
        closed,
    ));
    tokio::spawn(forward_server(BufReader::new(from_server), frames));
    let written = tokio::spawn(write_frames(queued, output));
    Transport {
        input: server_input,
        output: server_output,
        stdin_closed,
        written,
    }
}

/// Reads the client's frames until stdin ends; passes the good ones to the
/// server and answers the bad ones.
async fn read_client(
    mut input: impl AsyncBufRead + Unpin,
    mut server: DuplexStream,
    replies: mpsc::UnboundedSender<Vec<u8>>,
    closed: oneshot::Sender<()>,
) {
    loop {
        let body = match read_frame(&mut input).await {
            Frame::Body(body) => body,
            Frame::BadHeader(why) => {
                let _ = replies.send(frame(&error_reply(
                    Value::Null,
                    -32700,
                    "Parse error",
                    &why,
                )));
                continue;
            }
            Frame::End => break,
        };
        match check(&body) {
            Ok(()) => {
                if server.write_all(&frame(&body)).await.is_err() {
                    break;
                }
            }
            Err(reply) => {
                let _ = replies.send(frame(&reply));
            }
        }
    }
    let _ = closed.send(());
}

/// Passes the server's frames on whole.
async fn forward_server(
    mut from_server: impl AsyncBufRead + Unpin,
    frames: mpsc::UnboundedSender<Vec<u8>>,
) {
    while let Frame::Body(body) = read_frame(&mut from_server).await {
        if frames.send(frame(&body)).is_err() {
            return;
        }
    }
}

async fn write_frames(
    mut queued: mpsc::UnboundedReceiver<Vec<u8>>,
    mut output: impl AsyncWrite + Unpin,
) {
    while let Some(bytes) = queued.recv().await {
        if output.write_all(&bytes).await.is_err() || output.flush().await.is_err() {
            return;
        }
    }
}

/// `Content-Length: N` then the body.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

enum Frame {
    Body(Vec<u8>),
    /// A header block without a usable `Content-Length`.
    BadHeader(String),
    /// The stream ended (or failed).
    End,
}

/// Reads one header block and the body it announces.
async fn read_frame(input: &mut (impl AsyncBufRead + Unpin)) -> Frame {
    let mut length = None;
    let mut bad = None;
    let mut seen_any = false;
    loop {
        let mut line = Vec::new();
        match (&mut *input)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => return Frame::End,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            if seen_any {
                break;
            }
            continue;
        }
        seen_any = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                match value.trim().parse::<u64>() {
                    Ok(n) => length = Some(n),
                    Err(_) => bad = Some(format!("bad Content-Length `{}`", value.trim())),
                }
            }
        }
    }
    let Some(length) = length else {
        return Frame::BadHeader(bad.unwrap_or_else(|| "no Content-Length header".into()));
    };
    // Memory in proportion to the bytes that arrive, whatever the header says.
    let mut body = Vec::new();
    match (&mut *input).take(length).read_to_end(&mut body).await {
        Ok(n) if n as u64 == length => Frame::Body(body),
        _ => Frame::End,
    }
}

/// Whether tower-lsp can take `body`; if not, the error to answer.
fn check(body: &[u8]) -> Result<(), Vec<u8>> {
    if serde_json::from_slice::<Request>(body).is_ok()
        || serde_json::from_slice::<Response>(body).is_ok()
    {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(body) {
        Err(error) => Err(error_reply(
            Value::Null,
            -32700,
            "Parse error",
            &error.to_string(),
        )),
        Ok(value) => {
            let id = value
                .get("id")
                .filter(|id| id.is_number() || id.is_string())
                .cloned()
                .unwrap_or(Value::Null);
            Err(error_reply(
                id,
                -32600,
                "Invalid Request",
                "not a JSON-RPC 2.0 request, notification or response",
            ))
        }
    }
}

fn error_reply(id: Value, code: i64, message: &str, data: &str) -> Vec<u8> {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message, "data": data },
    })
    .to_string()
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bodies_get_their_errors() {
        assert!(check(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
        assert!(check(br#"{"jsonrpc":"2.0","id":3,"result":null}"#).is_ok());
        let reply: Value = serde_json::from_slice(&check(b"{\"jsonrpc\":").unwrap_err()).unwrap();
        assert_eq!(reply["error"]["code"], json!(-32700));
        assert_eq!(reply["id"], Value::Null);
        let reply: Value =
            serde_json::from_slice(&check(br#"{"id":7,"x":1}"#).unwrap_err()).unwrap();
        assert_eq!(reply["error"]["code"], json!(-32600));
        assert_eq!(reply["id"], json!(7));
    }
}

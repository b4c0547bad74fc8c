#!/usr/bin/env python3
"""Checks editors/helix/languages.toml without Helix (not packaged for Debian): the file parses,
has the keys Helix reads with the types it expects, and the server command it names (found as
$RUNIC) answers an LSP `initialize` with the IR stages, as Helix would start it."""
import json
import os
import subprocess
import sys
import tomllib

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "languages.toml"), "rb") as f:
    config = tomllib.load(f)

failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""))
    if not condition:
        failures.append(name)


server = config.get("language-server", {}).get("runic", {})
check("a language server named runic", isinstance(server, dict) and server != {})
check("its command is runic lsp", server.get("command") == "runic" and server.get("args") == ["lsp"], str(server))
languages = [entry for entry in config.get("language", []) if entry.get("name") == "futhark"]
check("one futhark language", len(languages) == 1)
language = languages[0] if languages else {}
check("it uses the runic server", language.get("language-servers") == ["runic"])
check("for .fut files", language.get("file-types") == ["fut"])
check("with -- comments", language.get("comment-token") == "--")
check("scope source.futhark", language.get("scope") == "source.futhark")
indent = language.get("indent", {})
check("indent has tab-width and unit", isinstance(indent.get("tab-width"), int) and isinstance(indent.get("unit"), str))
allowed = {"name", "scope", "file-types", "roots", "comment-token", "indent", "auto-format", "language-servers"}
check("no keys Helix does not know here", set(language) <= allowed, str(set(language) - allowed))


def message(payload):
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


runic = os.environ.get("RUNIC")
command = [runic or server.get("command", "runic")] + server.get("args", [])
process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
try:
    process.stdin.write(message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": None, "capabilities": {},
        "initializationOptions": server.get("config")}}))
    process.stdin.flush()
    answer = read_message(process.stdout)
    stages = answer.get("result", {}).get("capabilities", {}).get("experimental", {}).get("runicStages")
    check("the server starts and announces its stages", isinstance(stages, list) and "syntax" in stages, str(answer)[:300])
    process.stdin.write(message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    process.stdin.flush()
    while read_message(process.stdout).get("id") != 2:
        pass
    process.stdin.write(message({"jsonrpc": "2.0", "method": "exit"}))
    process.stdin.flush()
    check("the server exits cleanly", process.wait(timeout=20) == 0)
finally:
    if process.poll() is None:
        process.kill()

print("helix: all checks passed" if not failures else f"helix: {len(failures)} check(s) failed")
sys.exit(1 if failures else 0)

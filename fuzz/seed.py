#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from the repository's programs.

    python3 fuzz/seed.py OUT [EXTRA_DIR ...]

writes OUT/<target>/ for every target: the `.fut` files of testdata/,
examples/ and the prelude (and of each EXTRA_DIR, e.g. a checkout of
Futhark's test suite: keep such a corpus outside the repository), the
programs with the inputs of their `-- ==` blocks (targets run and core),
the programs alone (kernels), the input values alone (values), and LSP sessions over the programs (lsp).
"""

import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT_TARGETS = ["parse", "format", "check"]
MAX_PROGRAM = 16 * 1024


def programs(dirs):
    for d in dirs:
        for base, _, files in os.walk(d):
            for f in sorted(files):
                if f.endswith(".fut"):
                    path = os.path.join(base, f)
                    try:
                        with open(path, encoding="utf-8") as h:
                            text = h.read()
                    except (UnicodeDecodeError, OSError):
                        continue
                    if len(text) <= MAX_PROGRAM:
                        yield path, text


def inputs(text):
    """The contents of the `input { ... }` blocks of a program's tests."""
    comments = " ".join(
        line.strip()[2:] for line in text.splitlines() if line.strip().startswith("--")
    )
    found = []
    for m in re.finditer(r"\binput\s*\{", comments):
        depth, i = 1, m.end()
        while i < len(comments) and depth:
            depth += {"{": 1, "}": -1}.get(comments[i], 0)
            i += 1
        if depth == 0:
            found.append(comments[m.end() : i - 1].strip())
    return found


def lsp_session(uri, text):
    """A session: initialize, open, requests at a few places, an edit."""
    lines = text.splitlines() or [""]
    n = len(lines)
    doc = {"uri": uri}
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"capabilities": {"textDocument": {"publishDiagnostics": {"relatedInformation": True}}}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "futhark", "version": 1, "text": text}}},
    ]
    ident = 2
    for line in sorted({0, n // 3, n // 2, n - 1}):
        col = min(len(lines[line]), 6)
        pos = {"line": line, "character": col}
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion",
                       "textDocument/references", "textDocument/signatureHelp",
                       "textDocument/documentHighlight", "textDocument/prepareRename"]:
            msgs.append({"jsonrpc": "2.0", "id": ident, "method": method,
                         "params": {"textDocument": doc, "position": pos}})
            ident += 1
        msgs.append({"jsonrpc": "2.0", "id": ident, "method": "textDocument/rename",
                     "params": {"textDocument": doc, "position": pos, "newName": "zz"}})
        ident += 1
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": n, "character": 0}}
    for method, extra in [
        ("textDocument/documentSymbol", {}),
        ("textDocument/semanticTokens/full", {}),
        ("textDocument/codeLens", {}),
        ("textDocument/foldingRange", {}),
        ("textDocument/formatting", {"options": {"tabSize": 2, "insertSpaces": True}}),
        ("textDocument/rangeFormatting", {"range": whole, "options": {"tabSize": 2, "insertSpaces": True}}),
        ("textDocument/inlayHint", {"range": whole}),
        ("textDocument/codeAction", {"range": whole, "context": {"diagnostics": []}}),
        ("runic/viewIr", {"position": {"line": n - 1, "character": 0}, "stage": "fused"}),
    ]:
        params = {"textDocument": doc}
        params.update(extra)
        msgs.append({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        ident += 1
    msgs.append({"jsonrpc": "2.0", "id": ident, "method": "workspace/symbol", "params": {"query": "a"}})
    ident += 1
    mid = {"line": n // 2, "character": 0}
    msgs.append({"jsonrpc": "2.0", "method": "textDocument/didChange",
                 "params": {"textDocument": {"uri": uri, "version": 2},
                            "contentChanges": [{"range": {"start": mid, "end": mid}, "text": "let x = 1\n"}]}})
    msgs.append({"jsonrpc": "2.0", "id": ident, "method": "textDocument/hover",
                 "params": {"textDocument": doc, "position": mid}})
    ident += 1
    msgs.append({"jsonrpc": "2.0", "id": ident, "method": "workspace/executeCommand",
                 "params": {"command": "runic.run", "arguments": [{"uri": uri, "entry": "main", "dataset": 0}]}})
    ident += 1
    msgs.append({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": doc}})
    # No `exit`: the server would stop at once, before answering; the end
    # of the input lets the requests in flight finish.
    msgs.append({"jsonrpc": "2.0", "id": ident, "method": "shutdown"})
    return "".join(json.dumps(m) + "\n" for m in msgs)


def write(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as h:
        h.write(data)


def binary_values():
    """A few values in Futhark's binary data format."""
    import struct

    def enc(tag, dims, fmt, items):
        head = b"b\x02" + bytes([len(dims)]) + tag.encode()
        return head + b"".join(struct.pack("<q", d) for d in dims) + struct.pack("<" + fmt * len(items), *items)

    yield enc(" i32", [], "i", [7])
    yield enc(" f64", [3], "d", [1.5, -2.0, 0.0])
    yield enc("bool", [2, 2], "?", [True, False, False, True])
    yield enc(" u16", [0], "H", [])
    yield enc(" f16", [1], "H", [0x3C00])
    yield enc("  i8", [2], "b", [-128, 127]) + b" [1i64, 2i64] " + enc(" i64", [], "q", [-1])


def main():
    out = sys.argv[1]
    for data in binary_values():
        write(out, "values", data)
        write(out, "run", b"entry main (x: i32) = x\0" + data)
    dirs = [os.path.join(ROOT, d) for d in ["testdata", "examples", "compiler/sema/prelude"]]
    dirs += sys.argv[2:]
    lsp_budget = 400
    for path, text in programs(dirs):
        for t in TEXT_TARGETS:
            write(out, t, text)
        write(out, "kernels", text)
        found = inputs(text)
        for value in found[:3]:
            write(out, "run", text + "\0" + value)
            write(out, "core", text + "\0" + value)
            write(out, "values", value)
        if not found:
            write(out, "run", text)
            write(out, "core", text)
        if lsp_budget and len(text) < 4096:
            write(out, "lsp", lsp_session("file:///fuzz/" + os.path.basename(path), text))
            lsp_budget -= 1


if __name__ == "__main__":
    main()

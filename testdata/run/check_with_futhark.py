#!/usr/bin/env python3
"""Check the run-time test corpus against a real Futhark interpreter.

Usage: check_with_futhark.py [--futhark CMD] [-j N] [-v] [PATH ...]

Every PATH (default: the directory of this script) is a .fut file or a
directory searched recursively for .fut files.  Files under a directory
named `lib` are skipped (they are imported by other programs and have no
test blocks).  For each test block (a comment block containing a line
`-- ==`), each dataset is run with `futhark run -e ENTRY PROG.fut`, its
input given on stdin, and the result compared with the expectation:

  * `output { ... }`: values are compared one by one; the types must
    agree (an unsuffixed integer is i32, an unsuffixed decimal f64, as in
    Futhark's data format); integers and booleans exactly, floats with a
    small relative tolerance (NaN equals NaN, infinities by sign).
  * `error: REGEX`: the run must fail and its stderr must match REGEX
    (Python `re.search`, the regex taken from the rest of the line).
  * no expectation: the run must succeed.
  * `random input { TYPES }`: values of the given types are generated
    (fixed seed) and the run must succeed.

Standard library only.  Prints one line per failure and a final
`N passed, M failed`; exits with 1 if anything failed.
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import time

DEFAULT_FUTHARK = os.environ.get("FUTHARK", "/tmp/aptx/fut")

# ---------------------------------------------------------------- test blocks


class Dataset:
    def __init__(self, file, entry, index, kind, input_text, expect, line):
        self.file = file
        self.entry = entry
        self.index = index
        self.kind = kind  # "input" or "random"
        self.input_text = input_text
        self.expect = expect  # ("output", text) | ("error", regex) | None
        self.line = line

    def name(self):
        return "%s:%d (entry %s, dataset #%d)" % (
            self.file, self.line, self.entry, self.index)


def comment_blocks(text):
    """Yield (first line number, [comment text lines]) for each maximal run
    of lines starting with `--` at column 0."""
    block, start = [], None
    for no, line in enumerate(text.split("\n"), 1):
        if line.startswith("--"):
            if not block:
                start = no
            body = line[2:]
            if body.startswith(" "):
                body = body[1:]
            block.append(body)
        else:
            if block:
                yield start, block
            block = []
    if block:
        yield start, block


def balanced(s, i):
    """s[i] == '{'; return index just past the matching '}'."""
    depth = 0
    while i < len(s):
        if s[i] == "{":
            depth += 1
        elif s[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced braces")


def parse_cases(file, start, lines):
    """Parse the lines after `==` of one test block."""
    # Keep line numbers: join with newlines and remember offsets.
    text = "\n".join(lines)
    line_of = lambda pos: start + text.count("\n", 0, pos)
    entries = ["main"]
    datasets = []
    i = 0
    counter = {}
    pending = None  # (kind, input_text, line)

    def flush(expect):
        nonlocal pending
        kind, inp, ln = pending
        for e in entries:
            counter[e] = counter.get(e, 0) + 1
            datasets.append(Dataset(file, e, counter[e], kind, inp, expect, ln))
        pending = None

    word = re.compile(r"\s*([A-Za-z_]+:?|\"[^\"]*\")")
    while True:
        m = word.match(text, i)
        if not m:
            rest = text[i:].strip()
            if rest:
                raise ValueError("%s:%d: cannot parse test block near %r"
                                 % (file, line_of(i), rest[:40]))
            break
        w = m.group(1)
        j = m.end()
        if w == "entry:":
            eol = text.find("\n", j)
            eol = len(text) if eol < 0 else eol
            entries = text[j:eol].split()
            i = eol
        elif w == "tags":
            k = text.index("{", j)
            i = balanced(text, k)
        elif w.startswith('"') or w in ("compiled", "nobench", "notest",
                                         "script"):
            if w == "script":
                raise ValueError("%s: script input is not supported" % file)
            i = j
        elif w in ("input", "random"):
            if pending:
                flush(None)
            kind = "input"
            if w == "random":
                m2 = re.compile(r"\s*input").match(text, j)
                if not m2:
                    raise ValueError("%s: 'random' without 'input'" % file)
                j = m2.end()
                kind = "random"
            k = j
            while text[k].isspace():
                k += 1
            if text[k] == "@":
                raise ValueError("%s: input @ file is not supported" % file)
            if text[k] != "{":
                raise ValueError("%s:%d: expected {" % (file, line_of(k)))
            end = balanced(text, k)
            pending = (kind, text[k + 1:end - 1], line_of(k))
            i = end
        elif w == "output":
            k = text.index("{", j)
            end = balanced(text, k)
            if not pending:
                raise ValueError("%s: output without input" % file)
            flush(("output", text[k + 1:end - 1]))
            i = end
        elif w == "auto":
            raise ValueError("%s: auto output is not supported" % file)
        elif w == "error:":
            eol = text.find("\n", j)
            eol = len(text) if eol < 0 else eol
            if not pending:
                raise ValueError("%s: error without input" % file)
            flush(("error", text[j:eol].strip()))
            i = eol
        elif w == "structure":
            k = text.index("{", j)
            i = balanced(text, k)
        else:
            raise ValueError("%s:%d: unknown word %r in test block"
                             % (file, line_of(i), w))
    if pending:
        flush(None)
    return datasets


def datasets_of(file):
    with open(file, encoding="utf-8") as f:
        text = f.read()
    out = []
    for start, lines in comment_blocks(text):
        marks = [n for n, l in enumerate(lines) if l.strip() == "=="]
        for k, n in enumerate(marks):
            end = marks[k + 1] if k + 1 < len(marks) else len(lines)
            out += parse_cases(file, start + n + 1, lines[n + 1:end])
    return out


# ---------------------------------------------------------------- values

TOKEN = re.compile(r"""\s*(?:
   (?P<special>-?(?:f16|f32|f64)\.(?:nan|inf))
 | (?P<num>[-+]?(?:0x[0-9a-fA-F_]+|0b[01_]+|
      (?:[0-9][0-9_]*(?:\.[0-9_]+)?(?:[eE][-+]?[0-9]+)?))
      (?P<suf>[iu](?:8|16|32|64)|f(?:16|32|64))?)
 | (?P<bool>true|false)
 | (?P<empty>empty)
 | (?P<punct>[\[\](),])
 | (?P<prim>[iu](?:8|16|32|64)|f(?:16|32|64)|bool)
)""", re.X)


def tokenize(s):
    toks = []
    i = 0
    s = re.sub(r"--[^\n]*", "", s)
    while True:
        while i < len(s) and s[i].isspace():
            i += 1
        if i >= len(s):
            return toks
        m = TOKEN.match(s, i)
        if not m or m.end() == i:
            raise ValueError("bad value text near %r" % s[i:i + 30])
        toks.append(m)
        i = m.end()


def prim_of_token(m):
    if m.group("special"):
        t = m.group("special")
        neg = t.startswith("-")
        ty, what = t.lstrip("-").split(".")
        v = float("nan") if what == "nan" else float("inf")
        return (ty, -v if neg else v)
    if m.group("bool"):
        return ("bool", m.group("bool") == "true")
    txt = m.group("num")
    suf = m.group("suf")
    body = txt[: len(txt) - len(suf)] if suf else txt
    body = body.replace("_", "")
    isfloat = ("." in body or "e" in body.lower()) and not body.lower(
    ).lstrip("+-").startswith("0x")
    if suf is None:
        suf = "f64" if isfloat else "i32"
    if suf.startswith("f"):
        return (suf, float(body))
    neg = body.startswith("-")
    b = body.lstrip("+-")
    if b.startswith(("0x", "0X")):
        v = int(b[2:], 16)
    elif b.startswith(("0b", "0B")):
        v = int(b[2:], 2)
    else:
        v = int(b)
    return (suf, -v if neg else v)


def parse_values(s):
    toks = tokenize(s)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def punct(c):
        nonlocal pos
        t = peek()
        if not t or t.group("punct") != c:
            raise ValueError("expected %r in value text" % c)
        pos += 1

    def value():
        nonlocal pos
        t = peek()
        if t is None:
            raise ValueError("unexpected end of value text")
        if t.group("punct") == "[":
            pos += 1
            elems = []
            if peek() is not None and peek().group("punct") == "]":
                raise ValueError("write empty arrays as empty([0]t)")
            while True:
                elems.append(value())
                t = peek()
                if t is not None and t.group("punct") == ",":
                    pos += 1
                    continue
                punct("]")
                break
            return ("array", elems)
        if t.group("empty"):
            pos += 1
            punct("(")
            dims = []
            while peek() is not None and peek().group("punct") == "[":
                pos += 1
                d = prim_of_token(toks[pos])
                pos += 1
                dims.append(d[1])
                punct("]")
            ty = peek()
            if ty is None or not ty.group("prim"):
                raise ValueError("bad empty() type")
            pos += 1
            punct(")")
            return ("empty", tuple(dims), ty.group("prim"))
        pos += 1
        if t.group("prim") or t.group("punct"):
            raise ValueError("unexpected %r in value text" % t.group(0))
        return ("prim",) + prim_of_token(t)

    vals = []
    while peek() is not None:
        vals.append(value())
    return vals


def shape_and_type(v):
    if v[0] == "prim":
        return (), v[1]
    if v[0] == "empty":
        return v[1], v[2]
    sh, ty = shape_and_type(v[1][0])
    return (len(v[1]),) + sh, ty


def close(a, b, ty):
    if a != a and b != b:
        return True
    if a != a or b != b:
        return False
    if a == b:
        return True
    if a in (float("inf"), float("-inf")) or b in (float("inf"),
                                                     float("-inf")):
        return False
    tol = 1e-6 if ty == "f64" else 1e-4
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-3)


def compare(exp, got, path="value"):
    """Return None if equal, else a description of the difference."""
    se, te = shape_and_type(exp)
    sg, tg = shape_and_type(got)
    if te != tg:
        return "%s: expected type %s, got %s" % (path, te, tg)
    if se != sg:
        return "%s: expected shape %s, got %s" % (path, list(se), list(sg))
    if exp[0] == "prim":
        ok = close(exp[2], got[2], te) if te.startswith("f") else \
            exp[2] == got[2]
        return None if ok else "%s: expected %r, got %r" % (path, exp[2],
                                                             got[2])
    if exp[0] == "empty":
        return None
    for k, (a, b) in enumerate(zip(exp[1], got[1])):
        d = compare(a, b, "%s[%d]" % (path, k))
        if d:
            return d
    return None


# ---------------------------------------------------------------- random input


def random_values(types, rng):
    out = []
    for m in re.finditer(r"((?:\[\d+\])*)\s*([iu](?:8|16|32|64)|f(?:16|32|64)|bool)",
                         types):
        dims = [int(d) for d in re.findall(r"\d+", m.group(1))]
        ty = m.group(2)

        def elem():
            if ty == "bool":
                return "true" if rng.random() < 0.5 else "false"
            if ty.startswith("f"):
                return "%r%s" % (rng.uniform(-1.0, 1.0), ty)
            if ty.startswith("u"):
                return "%d%s" % (rng.randint(0, 1000), ty)
            return "%d%s" % (rng.randint(-1000, 1000), ty)

        def build(ds):
            if not ds:
                return elem()
            if ds[0] == 0:
                return "empty(%s%s)" % ("".join("[%d]" % d for d in ds), ty)
            return "[" + ",".join(build(ds[1:]) for _ in range(ds[0])) + "]"

        out.append(build(dims))
    return " ".join(out)


# ---------------------------------------------------------------- running


def run_dataset(futhark, ds, timeout):
    start = time.monotonic()
    res = run_dataset1(futhark, ds, timeout)
    return res, time.monotonic() - start


def run_dataset1(futhark, ds, timeout):
    if ds.kind == "random":
        inp = random_values(ds.input_text, random.Random(ds.name()))
    else:
        inp = ds.input_text
    try:
        p = subprocess.run(futhark + ["run", "-e", ds.entry,
                                      os.path.basename(ds.file)],
                           input=inp.encode(), capture_output=True,
                           timeout=timeout,
                           cwd=os.path.dirname(os.path.abspath(ds.file)))
    except subprocess.TimeoutExpired:
        return "timed out after %ds" % timeout
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    # Warnings are printed on stderr even when the run succeeds; strip them
    # so that only the run-time error text is matched.
    if ds.expect and ds.expect[0] == "error":
        if p.returncode == 0:
            return "expected an error matching /%s/, but it succeeded with:\n%s" % (
                ds.expect[1], out.strip())
        if re.search(ds.expect[1], err):
            return None
        return "error output does not match /%s/:\n%s" % (ds.expect[1],
                                                          err.strip())
    if p.returncode != 0:
        return "failed (exit %d):\n%s" % (p.returncode, err.strip())
    if ds.expect is None:
        return None
    try:
        exp = parse_values(ds.expect[1])
    except ValueError as e:
        return "cannot parse expected output: %s" % e
    try:
        got = parse_values(out)
    except ValueError as e:
        return "cannot parse futhark's output (%s):\n%s" % (e, out)
    if len(exp) != len(got):
        return "expected %d values, got %d:\n%s" % (len(exp), len(got),
                                                     out.strip())
    for k, (a, b) in enumerate(zip(exp, got)):
        d = compare(a, b, "result %d" % k)
        if d:
            return d + "\nfull output:\n" + out.strip()
    return None


def collect(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d != "lib")
                files += [os.path.join(root, n) for n in sorted(names)
                          if n.endswith(".fut")]
        else:
            files.append(p)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--futhark", default=DEFAULT_FUTHARK)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-t", "--timeout", type=int, default=60)
    ap.add_argument("-v", action="store_true", help="list every dataset")
    ap.add_argument("--slow", type=float, default=None, metavar="SECONDS",
                    help="also list datasets that took longer than this")
    args = ap.parse_args()
    paths = args.paths or [os.path.dirname(os.path.abspath(__file__))]
    futhark = args.futhark.split()
    passed, failed = 0, []
    jobs = []
    for f in collect(paths):
        try:
            dss = datasets_of(f)
        except (ValueError, IndexError) as e:
            failed.append((f, "bad test block: %s" % e))
            continue
        if not dss:
            failed.append((f, "no test datasets"))
        jobs += dss
    with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
        results = ex.map(lambda d: (d, run_dataset(futhark, d, args.timeout)),
                         jobs)
        slow = []
        for ds, (res, secs) in results:
            if args.slow is not None and secs > args.slow:
                slow.append((secs, ds.name()))
            if res is None:
                passed += 1
                if args.v:
                    print("ok   " + ds.name())
            else:
                failed.append((ds.name(), res))
    if args.slow is not None:
        for secs, name in sorted(slow, reverse=True):
            print("SLOW %.2fs %s" % (secs, name))
    for name, why in failed:
        print("FAIL " + name + ": " + why.replace("\n", "\n     "))
    print("%d passed, %d failed" % (passed, len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

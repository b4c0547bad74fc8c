#!/usr/bin/env python3
"""Writes testdata/CONFORMANCE.md from the failures of the last
`../shared/conformance/run.sh all` (target/conformance/{check,run}.txt and
the two summary lines in check.log/run.log), grouped by why they fail.

The reason of each group is written by hand in REASONS below; a group
without one is listed as "(not yet explained)". Run from the project root:

    ../shared/conformance/run.sh all && python3 testdata/conformance_report.py
"""

import re
import sys
from collections import OrderedDict
from pathlib import Path

REASONS = {
    "missed error": (
        "Futhark rejects the program, runic accepts it: mostly size rules not implemented yet. "
        "Loop parameters' initial and loop-variant sizes (`loop2/12/15`, `issue869`, "
        "`loop-variant-size-escape`); sizes that are arbitrary expressions such as function "
        "calls (`size-inference2`: `iota (length xs)` has size `length xs`, not `n`); uses of "
        "a `let`-bound value whose size is existential still get an inferred size at each use "
        "instead of the rigid one (`polymorphic4`, `coerce2`); function types whose named "
        "parameters meet anonymous sizes (`error9`, `paramsize1`, `compose`); return types "
        "with phantom sizes bound inside tuple patterns (`error14`, `issue2271`); existential "
        "sizes quantifying a function type (`ext5`); `Cannot generalise` and unscoped sizes "
        "(`returntype-error4`, `unscoping`, `issue2073`); a local function's inferred result "
        "uniqueness (`uniqueness-error56`); sum types with anonymous sizes (`error7`)."
    ),
    "other wording": (
        "runic rejects the program too, but with another message: locations are printed as "
        "line:column, not Futhark's column range (`issue514`); an anonymous size in a module "
        "type's existential is printed without its written name (`ascription-error3`); the "
        "origin of an ambiguous size passed a hole (`simple4`); the scope violation of a "
        "lambda's size through a type abbreviation (`badsquare-lam`)."
    ),
    "missing warning": (
        "Futhark warns; runic does not yet: the safety-check warning covers indexing and "
        "in-place updates, not division."
    ),
    "wrong value": (
        "The interpreter computes another value: a local function called as a closure does "
        "not receive the sizes only its type gives (`issue1173`), an existential size that "
        "no variable holds (`ext9`), functor elaboration (`functor31`)."
    ),
    "run-time failure": (
        "The interpreter fails where Futhark runs: sizes that only an instantiation "
        "determines (inside an abstract type's arguments, `issue1998`; an abstract "
        "`eq [n][m]`, `metasizes`; an existential no variable holds, `funshape0`; "
        "`unflatten` of an anonymous size), a local `open` in a functor (`local_open5`), and "
        "script-mode literals typed as i32 where the entry wants i64 (`script/opaques`)."
    ),
    "wrong run-time error": (
        "The program fails at run time as expected, but with another message or at another place."
    ),
}

# Why valid programs are refused, by runic's error code.
REFUSALS = {
    "scope-violation": (
        "Sizes linked to expressions of parameters (`length s.arr + 1`) are treated as "
        "escaping where Futhark makes them existential sizes of the branch."
    ),
    "size-polymorphic-entry": (
        "A size that is a function call (`take (i64.sum ks)`, `[inc n]`) is treated as "
        "unknown, so the entry point's result looks size-polymorphic."
    ),
    "existential-param": (
        "The same cause inside `flatmap`: a size computed by a function call is unknown."
    ),
    "size-mismatch": (
        "Sizes as expressions: `i64.u32 (1u32 << lgH)` is not equated with the variable bound "
        "to it; a size-lifted type parameter's sizes in `iterate`."
    ),
    "ambiguous-size": (
        "A size parameter determined only by the use's type in a partial application."
    ),
}


def group_of(line, kind):
    if kind == "check":
        if "but exit code was 0" in line:
            return "missed error"
        if "stderr does not match" in line:
            return "other wording"
        if "no warning matching" in line:
            return "missing warning"
    else:
        if "[error]:" in line:
            return "wrong run-time error"
        if re.search(r": value #\d+:", line):
            return "wrong value"
    code = re.search(r"exit code 1\)?: error\[([a-z-]+)\]", line)
    if code:
        return "refused: " + code.group(1)
    return "run-time failure" if kind == "run" else "other"


def entry(line):
    line = line.removeprefix("FAIL ")
    line = re.sub(r" \[[a-z-]+\]:", ":", line, count=1)
    line = re.sub(r"/tmp/futhark-oracle-[a-z0-9_]+/", "", line)
    name, _, why = line.partition(": ")
    why = why.replace(" | ", " ")
    if len(why) > 160:
        why = why[:160] + "..."
    return f"- `{name}`: {why}"


def section(kind, title):
    lines = Path(f"target/conformance/{kind}.txt").read_text().splitlines()
    groups = OrderedDict()
    for line in lines:
        groups.setdefault(group_of(line, kind), []).append(line)
    out = [f"## {title} ({len(lines)})", ""]
    for name, members in sorted(groups.items(), key=lambda g: -len(g[1])):
        out.append(f"### {name} ({len(members)})")
        out.append("")
        reason = REASONS.get(name) or REFUSALS.get(name.removeprefix("refused: "))
        if name.startswith("refused: ") and not reason:
            reason = "A valid program refused (not yet explained)."
        out.append(reason or "(not yet explained)")
        out.append("")
        out.extend(entry(m) for m in sorted(members))
        out.append("")
    return out


def summary(kind):
    log = Path(f"target/conformance/{kind}.log").read_text().splitlines()
    return log[-1] if log else "?"


def main():
    check, run = summary("check"), summary("run")
    nums = lambda s: [int(n) for n in re.findall(r"(\d+) (?:passed|failed)", s)]
    cp, cf = nums(check)[:2]
    rp, rf = nums(run)[:2]
    header = sys.argv[1] if len(sys.argv) > 1 else "this commit"
    out = [
        "# Conformance with Futhark 0.28's own test suite",
        "",
        "Figures of `../shared/conformance/run.sh all` (the independent runner over the Futhark "
        "compiler's test suite at its 0.28 commit; see its README), and every case that still "
        "fails, grouped by why. Regenerate with `python3 testdata/conformance_report.py` after "
        "a run; the reasons are written by hand in that script.",
        "",
        "| part | passes | of | at |",
        "| --- | --- | --- | --- |",
        f"| check cases (accept, reject with Futhark's message, warnings) | {cp} ({100*cp/(cp+cf):.1f}%) | {cp+cf} | {header} |",
        f"| run cases through the interpreter | {rp} ({100*rp/(rp+rf):.1f}%) | {rp+rf} | {header} |",
        "| check cases | 1150 (90.3%) | 1274 | `d10ad00` (start of the third session on issue 12) |",
        "| run cases | 2330 (96.7%) | 2410 | `d10ad00` |",
        "| check cases | 1030 (80.8%) | 1274 | `e8d4fa1` (issue 12 filed) |",
        "| run cases | 1485 (61.6%) | 2412 | `e8d4fa1` |",
        "",
        "The two lines of the runner:",
        "",
        "```",
        f"check cases (all): {check}",
        f"run cases (all, interp): {run}",
        "```",
        "",
        "Run cases the runner itself skips (tagged `compiled`, or with no input) are not counted.",
        "",
    ]
    out += section("check", "Check cases still failing")
    out += section("run", "Run cases still failing")
    Path("testdata/CONFORMANCE.md").write_text("\n".join(out).rstrip() + "\n")


if __name__ == "__main__":
    main()

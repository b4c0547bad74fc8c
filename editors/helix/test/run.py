#!/usr/bin/env python3
"""The Helix test: drives a real Helix (`hx`) in tmux, as a person would, on the editor fixtures
with `editors/helix/languages.toml` as the user's configuration (and `runic` found on PATH as
$RUNIC), and checks what the screen shows: the type error and its message, the uniqueness error
with its explanation on the line that explains it, inlay hints (with the setting on), hover, go
to definition, completion, signature help only where an argument can go, an edit that fixes the
error clearing it, and the server process ending with Helix.

Finds `hx` as $HX, else `../shared/tools/helix/hx` beside the repository, else on PATH. Where
`hx` or tmux is missing, it says so and skips, except in CI (CI=true), where that fails. Every
wait has a time limit and polls the screen: nothing sleeps a fixed time."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(REPO, "editors", "fixtures")
# Generous: CI machines are small and loaded, and the first check includes the server's start.
FIRST_WAIT = 120
WAIT = 45

failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""), flush=True)
    if not condition:
        failures.append(name)
    return condition


def find_hx():
    for candidate in (os.environ.get("HX"), os.path.join(REPO, "..", "shared", "tools", "helix", "hx")):
        if candidate and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    return shutil.which("hx")


def missing(what):
    if os.environ.get("CI") == "true":
        print(f"helix test: {what}, and CI must run this test", file=sys.stderr)
        sys.exit(1)
    print(f"helix test: SKIPPED, {what} (in CI, with CI=true, this fails)")
    sys.exit(0)


class Helix:
    """One Helix in a tmux session on a socket of its own, its screen read as text."""

    def __init__(self, work, hx, runic, files):
        self.work = work
        self.socket = os.path.join(work, "tmux.sock")
        self.home = os.path.join(work, "home")
        self.log = os.path.join(self.home, ".cache", "helix", "helix.log")
        config = os.path.join(self.home, ".config", "helix")
        os.makedirs(config)
        shutil.copy(os.path.join(REPO, "editors", "helix", "languages.toml"), config)
        with open(os.path.join(config, "config.toml"), "w") as f:
            f.write("[editor.lsp]\ndisplay-inlay-hints = true\n")
        # The configuration names `runic`: put $RUNIC on PATH under that name.
        bin_dir = os.path.join(work, "bin")
        os.makedirs(bin_dir)
        os.symlink(runic, os.path.join(bin_dir, "runic"))
        env = [f"HOME={self.home}", "TERM=xterm-256color", f"PATH={bin_dir}:{os.environ['PATH']}"]
        self.tmux("new-session", "-d", "-s", "hx", "-x", "220", "-y", "40", "-c", os.path.join(work, "project"),
                  "env", *env, hx, "-v", *files)
        self.pid = int(self.tmux("display-message", "-p", "-t", "hx", "#{pane_pid}").strip())

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "hx", *keys)

    def type(self, text):
        self.tmux("send-keys", "-t", "hx", "-l", text)

    def screen(self):
        try:
            return self.tmux("capture-pane", "-p", "-t", "hx")
        except subprocess.CalledProcessError:
            return ""

    def wait(self, accept, timeout=WAIT):
        """Polls the screen until `accept(screen)` holds; returns whether it did in time."""
        deadline = time.monotonic() + timeout
        while True:
            if accept(self.screen()):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)

    def wait_text(self, text, timeout=WAIT):
        return self.wait(lambda screen: text in screen, timeout)

    def status(self):
        """The status line: the last that starts with the mode."""
        lines = [line for line in self.screen().split("\n") if re.match(r"\s*(NOR|INS|SEL)\s", line)]
        return lines[-1] if lines else ""

    def wait_position(self, position, timeout=WAIT):
        return self.wait(lambda _: re.search(rf"\s{re.escape(position)}\s*$", self.status()) is not None, timeout)

    def server_pids(self):
        out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(self.pid)], capture_output=True, text=True).stdout
        return [int(line.split()[0]) for line in out.splitlines() if "runic lsp" in line]

    def sent(self, method):
        """The LSP requests `method` Helix sent (from its log), with the server's results by id."""
        requests, results = [], {}
        try:
            with open(self.log) as f:
                lines = f.readlines()
        except FileNotFoundError:
            return []
        for line in lines:
            match = re.search(r"runic (->|<-) (\{.*\})\s*$", line)
            if not match:
                continue
            message = json.loads(match.group(2))
            if match.group(1) == "->" and message.get("method") == method:
                requests.append(message)
            elif match.group(1) == "<-" and "id" in message and "method" not in message:
                results[message["id"]] = message
        return [(r, results.get(r["id"])) for r in requests]

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


def ended(pid):
    """Whether process `pid` has ended (gone, or a zombie not yet reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def wait_for(condition, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def screen_line(screen, number):
    """The screen line of the file's line `number` (after the gutter's sign and number)."""
    return next((line for line in screen.split("\n") if re.match(rf"\S?\s+{number}\s", line)), "")


def diagnostics(helix):
    # The uniqueness error on line 8 and, at the end of line 7, its explanation (a hint: Helix
    # does not show LSP related information, so the server sends each note as a diagnostic).
    error = 'Using variable "xs", but this was consumed at 7:20-22.'
    check("the uniqueness error and its message", helix.wait_text(error, FIRST_WAIT), helix.screen())
    explanation = '"xs" consumed here, by argument #1 of "consume", a unique parameter (explains the error at 8:6)'
    check("the explanation at the end of line 7, where xs is consumed",
          helix.wait(lambda s: explanation in screen_line(s, 7)), helix.screen())
    check("inlay hints: the type of ys", helix.wait_text("let ys: *[]i32 = consume xs"), helix.screen())


def type_error(helix):
    helix.type(":o types.fut")
    helix.keys("Enter")
    message = 'Cannot apply "inc" to "true" (invalid type).'
    check("the type error and its message", helix.wait_text(message), helix.screen())
    # Hover on the use of inc: the search selects `= inc`, the cursor on its last character.
    helix.keys("/")
    helix.type("= inc")
    helix.keys("Enter")
    check("the search puts the cursor on inc (line 7)", helix.wait_position("7:19"), helix.status())
    helix.keys("Space", "k")
    check("hover shows the type of inc", helix.wait_text("val inc: i32 -> i32"), helix.screen())
    check("and its documentation", helix.wait_text("Adds one."), helix.screen())
    helix.keys("Escape")
    helix.keys("g", "d")
    check("go to definition moves to inc's definition (line 5)", helix.wait_position("5:5"), helix.status())


def completion_and_signatures(helix):
    # A new line under `def bad : i32 = inc true`, at column 0: no signature help there.
    helix.keys("g", "e", "o")
    check("o opens a line below the last", helix.wait_position("8:1"), helix.status())
    asked = wait_for(lambda: any(r["params"]["position"] == {"line": 7, "character": 0} and answer
                                 for r, answer in helix.sent("textDocument/signatureHelp")))
    answers = [answer for r, answer in helix.sent("textDocument/signatureHelp")
               if r["params"]["position"] == {"line": 7, "character": 0}]
    check("at column 0 Helix asks for signature help and gets none",
          asked and all(a.get("result") is None for a in answers), str(answers))
    helix.type("def twice = in")
    check("completion offers inc", helix.wait(lambda s: re.search(r"\binc\s+function\b", s) is not None), helix.screen())
    # A space after `inc` closes the menu and asks for signature help.
    helix.type("c ")
    check("signature help for inc with its parameter", helix.wait_text("inc (x: i32) : i32"), helix.screen())
    # The first Escape may only close the popup; a second one in normal mode does nothing.
    helix.keys("Escape", "Escape")
    check("back in normal mode", helix.wait(lambda _: " NOR " in helix.status()), helix.status())
    helix.keys("u")
    check("undo removes the new line", helix.wait(lambda s: "def twice" not in s), helix.screen())


def fix(helix):
    helix.keys("/")
    helix.type("true")
    helix.keys("Enter", "c")
    helix.type("1")
    helix.keys("Escape")
    check("the edit is made", helix.wait_text("def bad : i32 = inc 1"), helix.screen())
    # No diagnostic left: none on screen, and no count of them in the status line.
    cleared = helix.wait(lambda s: "Cannot apply" not in s and "●" not in s and "●" not in helix.status())
    check("the fix clears the type error", cleared, helix.screen())


def main():
    hx = find_hx()
    if hx is None:
        missing("no hx found ($HX, ../shared/tools/helix/hx, PATH)")
    if shutil.which("tmux") is None:
        missing("tmux is not installed")
    runic = os.path.abspath(os.environ.get("RUNIC", os.path.join(REPO, "target", "debug", "runic")))
    if not os.access(runic, os.X_OK):
        print(f"helix test: no runic binary at {runic}", file=sys.stderr)
        sys.exit(1)
    print(subprocess.run([hx, "--version"], capture_output=True, text=True).stdout.strip())
    work = tempfile.mkdtemp(prefix="runic-helix-")
    project = os.path.join(work, "project")
    os.makedirs(project)
    open(os.path.join(project, "futhark.pkg"), "w").close()
    for name in ("consume.fut", "types.fut"):
        shutil.copy(os.path.join(FIXTURES, name), project)
    helix = Helix(work, hx, runic, ["consume.fut"])
    try:
        diagnostics(helix)
        servers = helix.server_pids()
        check("Helix started one runic lsp", len(servers) == 1, str(servers))
        type_error(helix)
        completion_and_signatures(helix)
        fix(helix)
        helix.keys(":", "q", "!", "Enter")
        check("Helix quits", wait_for(lambda: ended(helix.pid)))
        check("the server ends with Helix", wait_for(lambda: all(ended(pid) for pid in servers)), str(servers))
    except Exception as error:  # A broken step fails the test with what was on screen.
        check("the test ran without an exception", False, repr(error))
    finally:
        if failures:
            print("--- the last screen ---\n" + helix.screen())
            try:
                with open(helix.log) as f:
                    print("--- the end of helix.log ---\n" + "".join(f.readlines()[-40:]))
            except FileNotFoundError:
                pass
        helix.close()
        shutil.rmtree(work, ignore_errors=True)
    print("helix: all checks passed" if not failures else f"helix: {len(failures)} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

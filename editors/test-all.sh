#!/usr/bin/env bash
# Runs every editor test against target/debug/runic (built here if stale): the Neovim test in
# headless Neovim, the Helix configuration check and the Helix test (a real Helix in tmux), the
# VS Code extension's type check and unit tests, its packaging into a .vsix, and the browser test
# of that .vsix in code-server. Expects what .ci/run installs (nvim, tmux, chromium, node_modules
# of vscode-extension, code-server) and Helix at ../shared/tools/helix/hx (or $HX); anything
# missing makes it fail, except that the Helix test skips, saying so, outside CI (CI unset).
# Prints how long each part took.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

part() {
    local name=$1
    shift
    local start=$SECONDS
    echo "=== editors: $name"
    "$@"
    echo "=== editors: $name passed in $((SECONDS - start)) s"
}

cargo build --locked --quiet --bin runic
export RUNIC=$repo/target/debug/runic
total=$SECONDS

part "neovim" ./editors/neovim/test/run.sh
part "helix configuration" python3 editors/helix/test/check.py
part "helix" python3 editors/helix/test/run.py
cd vscode-extension
[ -d node_modules ] || { echo "editors: vscode-extension/node_modules is missing (run npm ci there)" >&2; exit 1; }
part "vscode unit tests" npm run --silent test:unit
part "vscode package" npm run --silent package
part "vscode in code-server" npm run --silent test:browser
echo "=== editors: all editor tests passed in $((SECONDS - total)) s"

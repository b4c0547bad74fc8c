#!/usr/bin/env bash
# Runs the Neovim test (lsp_test.lua) in a headless Neovim with this plugin, against the `runic`
# binary given as $RUNIC (default: target/debug/runic of this repository). Fails when any check
# fails, when Neovim is missing, or when the test hangs (3 minutes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
export RUNIC=${RUNIC:-$repo/target/debug/runic}
command -v nvim >/dev/null || { echo "neovim test: nvim is not installed" >&2; exit 1; }
[ -x "$RUNIC" ] || { echo "neovim test: no runic binary at $RUNIC" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" && : > "$work/project/futhark.pkg"
cp "$repo/editors/fixtures/uniqueness.fut" "$repo/editors/fixtures/run.fut" "$work/project/"
export FIXTURE=$work/project/uniqueness.fut RUN_FIXTURE=$work/project/run.fut
export XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
nvim --version | head -n 1
timeout 180 nvim --headless -i NONE -u "$here/init.lua" -c "luafile $here/lsp_test.lua"

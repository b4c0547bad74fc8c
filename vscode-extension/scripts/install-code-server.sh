#!/usr/bin/env bash
# Installs code-server (VS Code served to a browser) for the extension's browser test, into DIR
# (default: vscode-extension/.code-server, git-ignored). Needs root on a Debian bookworm-like
# machine with Node 20 and the npm registry. Idempotent: an install that finished (the marker file
# exists) is kept. The steps follow the project's recipe (shared/tools/install-code-server.sh):
# npm's install scripts are off because one downloads ripgrep from the internet (unreachable on CI
# machines), so the native modules are rebuilt here and Debian's ripgrep is put in its place.
set -euo pipefail
version=4.99.4
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$here/.code-server}
marker="$dir/.installed-$version"
if [ -f "$marker" ] && [ -x "$dir/node_modules/.bin/code-server" ]; then
    echo "code-server $version already installed in $dir"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive npm_config_unsafe_perm=true npm_config_yes=true
need=()
for package in libkrb5-dev libxkbfile-dev libsecret-1-dev pkg-config ripgrep chromium; do
    dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
fi
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
# A package.json of its own, so that npm installs here and not into an enclosing package.
echo '{"name": "runic-code-server", "private": true}' > package.json
npm install --no-audit --no-fund --loglevel=error --ignore-scripts "code-server@$version"
npm rebuild argon2 --build-from-source --loglevel=error
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --loglevel=error --omit=dev --ignore-scripts
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild --loglevel=error
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --loglevel=error --omit=dev)
touch "$marker"
echo "code-server $version installed in $dir"

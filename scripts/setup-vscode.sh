#!/usr/bin/env bash
# Builds the VS Code extension: installs its npm dependencies from the committed package-lock.json (npm ci,
# skipped when node_modules already matches the lock file), bundles it with esbuild (so the .vsix carries its
# runtime dependencies), and packages it with @vscode/vsce into build/ (or the directory given as $1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out_dir=${1:-"$root/build"}
cd "$root/vscode-extension"

lock_stamp=node_modules/.cyclecheck-package-lock.sha256
if [ ! -f "$lock_stamp" ] || ! sha256sum --status -c "$lock_stamp" 2>/dev/null; then
  echo "cyclecheck: installing the VS Code extension's npm dependencies"
  npm ci --no-audit --no-fund --loglevel=error
  sha256sum package-lock.json > "$lock_stamp"
fi

npm run --silent build
version=$(node -p "require('./package.json').version")
mkdir -p "$out_dir"
npx --no-install vsce package --no-dependencies --out "$out_dir/cyclecheck-$version.vsix" >/dev/null
echo "cyclecheck: packaged $out_dir/cyclecheck-$version.vsix"

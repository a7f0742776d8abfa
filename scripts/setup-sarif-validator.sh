#!/usr/bin/env bash
# Installs Microsoft's SARIF multitool (npm package @microsoft/sarif-multitool) into build/tools/sarif
# (or $1), for validating `cyclecheck check --output-format sarif`. Idempotent: nothing is downloaded
# when the tool is already there. Prints the path of the runnable tool.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-"$root/build/tools/sarif"}
version=5.7.0
tool="$prefix/node_modules/.bin/sarif-multitool"
if [ ! -x "$tool" ] || ! "$tool" --version >/dev/null 2>&1; then
  mkdir -p "$prefix"
  echo "cyclecheck: installing @microsoft/sarif-multitool@$version into $prefix" >&2
  npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "@microsoft/sarif-multitool@$version" >&2
fi
"$tool" --version >/dev/null 2>&1 || { echo "cyclecheck: $tool does not run" >&2; exit 1; }
echo "$tool"

#!/usr/bin/env bash
# Installs what is missing, builds, runs the whole test suite, then the analyzer's tests again
# under AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/install-deps.sh
if [ -f vscode-extension/package.json ]; then
  bash scripts/setup-vscode.sh
fi
bash scripts/build.sh "$root/build"
bash scripts/setup-sarif-validator.sh "$root/build/tools/sarif" >/dev/null
ctest --test-dir "$root/build" -j 2 --output-on-failure
if [ "${CYCLECHECK_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== the analyzer's tests under AddressSanitizer + UndefinedBehaviorSanitizer"
  bash scripts/build.sh "$root/build-asan" -DCYCLECHECK_SANITIZE=ON -DCYCLECHECK_RUNTIME=OFF -DCMAKE_BUILD_TYPE=Debug
  ASAN_OPTIONS=detect_leaks=1 ctest --test-dir "$root/build-asan" -j 2 --output-on-failure -LE "runtime|vscode|slow"
fi

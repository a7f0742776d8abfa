#!/usr/bin/env bash
# The main job: build cyclecheck, check the bundled example project and draw one finding's cycle.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/install-deps.sh
bash scripts/build.sh "$root/build"
echo "== cyclecheck check examples/leaky_trainer"
status=0
build/cyclecheck check examples/leaky_trainer || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi  # 1 means findings, which is the point here
build/cyclecheck graph examples/leaky_trainer --code callable-holds-owner -o build/example-cycle.svg
echo "The cycle graph of the CC104 finding is in $root/build/example-cycle.svg"

#!/usr/bin/env bash
# Installs the Debian packages cyclecheck builds and tests with. Idempotent: apt runs only when something is missing.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config git
  libtree-sitter-dev libgraphviz-dev graphviz libcli11-dev nlohmann-json3-dev libtomlplusplus-dev libgtest-dev libmimalloc-dev
  pybind11-dev python3-dev python3-torch libtorch-dev python3-objgraph pre-commit flake8)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js with npm may come from another source (NodeSource ships npm inside nodejs): only ask apt when absent.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "cyclecheck: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

#!/usr/bin/env bash
# Installs what is missing, then configures and builds the optimised binary at build/mancala.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release

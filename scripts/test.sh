#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the optimised build
# first (the browser tests of the web page included), then the unit tests again
# under AddressSanitizer and UBSan, then every fuzz target for 15 seconds (CI stays under 20 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
./scripts/format.sh --check
ctest --preset release
./tests/browser/run.sh

cmake --preset sanitize >/dev/null
cmake --build --preset sanitize
ctest --preset sanitize

./scripts/fuzz.sh 15

#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the optimised build
# first, then the unit tests again under AddressSanitizer and UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
./scripts/format.sh --check
ctest --preset release

cmake --preset sanitize >/dev/null
cmake --build --preset sanitize
ctest --preset sanitize

#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the optimised build
# first (the web page's unit and browser tests included, and the installs: `pip install .` and
# `cmake --install`, scripts/check-install.sh), then the clang build with
# AddressSanitizer, UBSan and the fuzz targets: its unit tests, then every fuzz
# target for 15 seconds. One sanitizer build serves both (CI stays under 20 minutes):
# it took 5m35s here against 7m03s for g++'s sanitizer build plus 1m47s for the fuzz targets alone.
# Each step's time is printed (CI's log then shows where its minutes go).
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local start=$SECONDS
  "$@"
  echo "test.sh: '$*' took $((SECONDS - start)) s"
}

step ./scripts/build.sh
step ./scripts/format.sh --check
step ./scripts/check-commits.sh --bench build/mancala
# the web page's pure modules (state, notation, formatting, api): Node's own runner, no npm, a second
step node --test tests/web/
step ctest --preset release
step ./tests/browser/run.sh
step ./scripts/check-install.sh

cmake --preset fuzz >/dev/null
step cmake --build --preset fuzz-all
step ctest --preset fuzz

step ./scripts/fuzz.sh 15
echo "test.sh: every step passed in $SECONDS s"

#!/usr/bin/env bash
# Runs the browser tests of the web page: installs playwright-core from the lockfile (npm ci),
# then runs them with Node's test runner against the real server.
#   MANCALA_BINARY  the binary to test (default: build/mancala at the top of the repository)
#   MANCALA_ASSETS  if set, the page is served from this folder (e.g. web) instead of the binary's copy
#   MANCALA_SCREENSHOTS  if set, the folder for the screenshots (docs/screenshots refreshes the README's)
#   CHROMIUM        the browser (default: /usr/bin/chromium, Debian's `chromium` package)
# Exits non-zero if any test fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export MANCALA_BINARY="$(realpath -m "${MANCALA_BINARY:-$root/build/mancala}")"
# optional: serve the page from this folder (--assets) instead of the copy compiled into the binary
[[ -n "${MANCALA_ASSETS:-}" ]] && export MANCALA_ASSETS="$(realpath -m "$MANCALA_ASSETS")"
# where the screenshots go (e.g. docs/screenshots), taken from where the script is started, not from here
[[ -n "${MANCALA_SCREENSHOTS:-}" ]] && export MANCALA_SCREENSHOTS="$(realpath -m "$MANCALA_SCREENSHOTS")"

[[ -x "$MANCALA_BINARY" ]] || { echo "browser tests: no binary at $MANCALA_BINARY (run scripts/build.sh)" >&2; exit 1; }
[[ -x "${CHROMIUM:-/usr/bin/chromium}" ]] || { echo "browser tests: no Chromium (run scripts/setup.sh)" >&2; exit 1; }

cd "$here"
npm ci --no-audit --no-fund --loglevel=error >/dev/null
# bounded: the suite takes about two and a half minutes (more on a loaded machine); a hang is killed
timeout --kill-after=10 330 node --test --test-concurrency=1 --test-reporter=spec

#!/usr/bin/env bash
# Builds the opening books of books/ (not run in CI): Kalah(6,5) and (6,6) under both rule
# sets (kalah, homework: empty capture) and Oware(6,4), each to 8 plies with depth-16
# searches on one thread (the same bytes on every run), the (6,6) books taking the proven
# moves of proofs/*-6-6.journal first. Each takes under a minute on the 2-core machine of
# the README. A stopped run resumes from books/*.book.partial.
#   scripts/build-books.sh [MANCALA]      (default: build/mancala)
set -euo pipefail
cd "$(dirname "$0")/.."
mancala=${1:-build/mancala}
mkdir -p books
build() {  # name, then the options
  local name=$1
  shift
  echo "== books/$name.book" >&2
  nice "$mancala" book build --plies 8 --depth 16 --threads 1 --json --out "books/$name.book" "$@"
}
build kalah-6-5 --rules kalah --pits 6 --seeds 5
build homework-6-5 --rules homework --pits 6 --seeds 5
build kalah-6-6 --rules kalah --pits 6 --seeds 6 --journal proofs/kalah-6-6.journal
build homework-6-6 --rules homework --pits 6 --seeds 6 --journal proofs/homework-6-6.journal
build oware-6-4 --rules oware --pits 6 --seeds 4

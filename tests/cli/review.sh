#!/usr/bin/env bash
# `mancala review` end to end: without --db it builds an endgame database of its own first
# (--db-size), which makes every position of a small game exact even with no proof time, and
# its values are those the proof search finds without a database.
#   review.sh MANCALA
set -uo pipefail
mancala=$1
failed=0
fail() { echo "FAIL $*"; failed=1; }
game=(--rules kalah --pits 4 --seeds 3 --moves "B2 A4 A5 B5 A3" --quiet)

out=$("$mancala" review "${game[@]}" --time 0 --db-size 0) || fail "review --db-size 0: exit code $?"
[[ $out == *"0 of 6 positions exact"* ]] || fail "without a database and proof time nothing is exact: $out"
out=$("$mancala" review "${game[@]}" --time 0) || fail "review: exit code $?"
[[ $out == *"6 of 6 positions exact"* ]] || fail "its own database values every position: $out"

values() { python3 -c 'import json, sys; print([(p["ply"], p["south"], p["exact"]) for p in json.load(sys.stdin)["positions"]])'; }
own=$("$mancala" review "${game[@]}" --time 0 --json | values)
proven=$("$mancala" review "${game[@]}" --time 10s --db-size 0 --json | values)
[[ $own == "$proven" ]] || fail "the database's values differ from the proofs': $own against $proven"
exit $failed

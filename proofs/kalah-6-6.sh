#!/usr/bin/env bash
# The proof that the first player wins standard Kalah(6,6) by at least 2, run (or resumed) with one
# command. It builds the 30-stone endgame database under DB if it is not all there (11 GB; a
# build resumes from the tiers already written), proves each of the six pieces after B2 B4 (North's
# replies A7 ... A2) with a search of its own, or four plies deeper where a piece is costly, and then
# assembles the proof bottom up: after B2 B4, after B2, the start.
#
# Every answer goes to the journal (proofs/kalah-6-6.journal unless JOURNAL says otherwise), and the
# 8 GiB transposition table to DB/k66-plus2.table every 20 minutes and on Ctrl-C, so that running the
# script again takes up where it stopped: a piece the journal answers costs nothing.
#
#   proofs/kalah-6-6.sh DB [MANCALA]        # MANCALA: the binary (default build/mancala)
#   DRY_RUN=1 proofs/kalah-6-6.sh DB        # print the commands only
#
# Needs about 20 GB of memory (the database, the table and the search).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 DB [MANCALA]" >&2
  exit 2
fi
db=$1
mancala=${2:-build/mancala}
here=$(cd "$(dirname "$0")" && pwd)
journal=${JOURNAL:-$here/kalah-6-6.journal}

run() {
  echo "+ $*" >&2
  [[ -n ${DRY_RUN:-} ]] || "$@"
}

game=(--rules kalah --pits 6 --seeds 6)
prove=(solve "${game[@]}" --at-least 2 --db "$db" --db-stones 30 --threads 2 --hash 8192
       --journal "$journal" --table "$db/k66-plus2.table" --table-minutes 20)

run "$mancala" db build --rules kalah --pits 6 --max-stones 30 --threads 2 --out "$db"

# The pieces after B2 B4, South to move in each; the costly ones split four plies deeper
# (South's most promising move and each of North's replies, twice), so that each piece
# takes minutes rather than hours and is recorded as soon as it is answered.
pieces=(
  "7,0,6,7,7,7/1,8,1,9,8,8/1/2/S 0"  # A3
  "0,6,6,7,7,7/1,8,1,9,9,8/1/2/S 0"  # A2
  "7,7,7,8,0,7/1,8,0,8,8,8/1/2/S 4"  # A6
  "7,7,7,8,8,0/1,7,0,8,8,8/1/2/S 4"  # A7
  "7,7,7,0,7,7/1,8,1,8,8,8/1/2/S 4"  # A5
  "7,7,0,7,7,7/1,8,1,8,8,8/1/2/S 4"  # A4
)
for piece in "${pieces[@]}"; do
  read -r position split <<<"$piece"
  run "$mancala" "${prove[@]}" --position "$position" --split "$split"
done

# Bottom up: after B2 B4 every reply holds; after B2, B4 holds; from the start, B2 holds.
run "$mancala" "${prove[@]}" --position "6,6,6,7,7,7/0,7,0,8,8,8/0/2/N" --split 1
run "$mancala" "${prove[@]}" --position "6,6,6,6,6,6/0,7,7,7,7,7/0/1/S" --split 1
run "$mancala" "${prove[@]}" --split 1

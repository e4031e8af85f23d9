#!/usr/bin/env bash
# Solves Kalah(m,n) start positions for the README table, under the standard
# (kalah) and the empty-capture (homework) rules, one JSON line per game in
# docs/results/solved/values.jsonl. Each solve gets at most LIMIT seconds
# (default 300); a game that does not finish in time is recorded as such.
# Usage: scripts/solve-table.sh [LIMIT]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-300}
out=docs/results/solved/values.jsonl
mkdir -p "$(dirname "$out")"
: > "$out.tmp"
games=()
for m in 1 2 3 4; do for n in 1 2 3 4 5 6; do games+=("$m $n"); done; done
for n in 1 2 3 4 5; do games+=("5 $n"); done
for n in 1 2 3 4 5; do games+=("6 $n"); done
for rules in kalah homework; do
  for game in "${games[@]}"; do
    set -- $game
    if line=$(timeout "$limit" ./build/mancala solve --rules "$rules" --pits "$1" --seeds "$2" --json 2>/dev/null); then
      echo "$line" >> "$out.tmp"
    else
      echo "{\"rules\":\"$rules\",\"pits\":$1,\"seeds\":$2,\"value\":null,\"note\":\"not solved within $limit s\"}" >> "$out.tmp"
    fi
  done
done
mv "$out.tmp" "$out"

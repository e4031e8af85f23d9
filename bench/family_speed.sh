#!/usr/bin/env bash
# The engine's search speed in every game of the catalogue: one search of about NODES
# nodes (default 3,000,000) from the game's start, one thread, the default (`fitted`)
# evaluation and with `store-diff`, as `mancala analyze --json` reports it. A table line
# a game: the game, the board the engine searched it on, then nodes/s and the depth
# reached for each evaluation. (`mancala bench` times fixed positions of Kalah and Oware.)
#   bench/family_speed.sh [NODES] [MANCALA]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-3000000}
mancala=${2:-build/mancala}
mapfile -t games < <("$mancala" games | awk '/^[a-z]/ { print $1 }')
echo "| game | fitted: nodes/s | depth | store-diff: nodes/s | depth |"
echo "|---|---|---|---|---|"
for game in "${games[@]}"; do
  line="| $game"
  for heuristic in fitted store-diff; do
    line+=$("$mancala" analyze --rules "$game" --nodes "$nodes" --threads 1 --heuristic "$heuristic" --json |
      python3 -c 'import json, sys; r = json.load(sys.stdin); print(" | %.1f M | %d" % (r["nps"] / 1e6, r["depth"]), end="")')
  done
  echo "$line |"
done

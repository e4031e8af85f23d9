#!/usr/bin/env bash
# The engine's strength in every game of the catalogue (the README's games table): a gauntlet of
# engine:time=MOVE_TIME against alphabeta:depth=8 and mcts:iterations=10000, GAMES a
# pairing from openings of 2 random plies, each opening with both colours, two at a time.
#   bench/family_strength.sh [MOVE_TIME] [GAMES] [MANCALA] [GAME ...]
# MOVE_TIME defaults to 100ms, GAMES to 200 (issue figures for Oware; 50 suffice to tell
# 90% from 60%), MANCALA to build/mancala, the games to every one `mancala games` lists.
# Each game's results land in docs/results/family/GAME-engine-MOVE_TIME/; the journal
# there resumes an interrupted run (run the same command again).
set -euo pipefail
cd "$(dirname "$0")/.."
time=${1:-100ms}
games=${2:-200}
mancala=${3:-build/mancala}
shift $(($# < 3 ? $# : 3))
mapfile -t all < <("$mancala" games | awk '/^[a-z]/ { print $1 }')
list=("${@:-${all[@]}}")
for game in "${list[@]}"; do
  echo "== $game" >&2
  "$mancala" arena --rules "$game" --games "$games" --openings-plies 2 --jobs 2 --gauntlet --quiet \
    --agents "engine:time=$time" alphabeta:depth=8 mcts:iterations=10000 \
    --out "docs/results/family/$game-engine-$time"
done

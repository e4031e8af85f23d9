#!/usr/bin/env bash
# A match of the learned evaluation against `fitted` (the engine before it: the same search,
# the same binary, only the leaves differ), at equal time a move, from balanced openings
# each played with both colours (docs/PERFORMANCE.md, "The learned evaluation").
#   bench/learned_eval_match.sh GAME MOVE_TIME [GAMES] [OUT] [SEATS]
# GAME is kalah-6-6 or oware; GAMES defaults to 400; results land in OUT (default
# docs/results/learned-GAME-MOVE_TIME), whose journal resumes an interrupted match.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?GAME: kalah-6-6 or oware}
time=${2:?MOVE_TIME, e.g. 50ms}
games=${3:-400}
out=${4:-docs/results/learned-$game-$time}
case $game in
  kalah-6-6) board=(--rules kalah --pits 6 --seeds 6) ;;
  oware) board=(--rules oware) ;;
  *) echo "learned_eval_match.sh: unknown game '$game' (kalah-6-6 or oware)" >&2; exit 2 ;;
esac
./build/mancala arena "${board[@]}" --openings-plies 4 --balanced-openings 2 --games "$games" --jobs 2 \
  --quiet --out "$out" --agents "engine:time=$time,heuristic=learned" "engine:time=$time,heuristic=fitted"

#!/usr/bin/env bash
# Reproduces the arena figures of docs/PERFORMANCE.md (results land in docs/results/).
# Usage: scripts/experiments.sh [ladder|mcts|heuristics|all]   (default: all)
# Each run keeps a journal, so an interrupted run resumes where it stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
mancala=./build/mancala
what=${1:-all}
kalah=(--rules kalah --pits 6 --seeds 4 --openings-plies 4 --jobs 2 --quiet)

if [[ $what == ladder || $what == all ]]; then
  # The strength ladder on standard Kalah(6,4): the engine at 100 ms a move against the others.
  # Openings: 4 random plies, kept only when the engine scores them within 2 stones of even.
  $mancala arena "${kalah[@]}" --balanced-openings 2 --gauntlet --games 100 --out docs/results/ladder \
    --agents "engine:time=100ms" "alphabeta:depth=4" greedy random "mcts:iterations=10000"
  # The same opponents from the start position itself (the engine's play varies with timing, MCTS's with its seed).
  $mancala arena --rules kalah --pits 6 --seeds 4 --jobs 2 --quiet --gauntlet --games 20 \
    --out docs/results/ladder-from-start \
    --agents "engine:time=100ms" "alphabeta:depth=4" greedy random "mcts:iterations=10000"
  $mancala arena "${kalah[@]}" --games 100 --out docs/results/mcts-10000-vs-random \
    --agents "mcts:iterations=10000" random
fi
if [[ $what == mcts || $what == all ]]; then
  # The classic curve: MCTS with 5, 10, ... 100 iterations a move against random, 50 games each.
  $mancala arena --rules kalah --pits 6 --seeds 4 --jobs 2 --quiet --experiment mcts-vs-random \
    --out docs/results/mcts-vs-random
fi
if [[ $what == heuristics || $what == all ]]; then
  # The engine's heuristics against each other: at equal depth, then at equal time.
  $mancala arena "${kalah[@]}" --games 200 --out docs/results/heuristics \
    --agents "engine:depth=10,heuristic=store-diff" "engine:depth=10,heuristic=weighted" \
    "engine:depth=10,heuristic=side-diff"
  $mancala arena "${kalah[@]}" --games 600 --out docs/results/heuristics-time \
    --agents "engine:time=30ms,heuristic=weighted" "engine:time=30ms,heuristic=store-diff"
  # The default, fitted, against weighted at equal time, from the book of openings proven near even.
  for t in 50ms 200ms; do
    $mancala arena --rules kalah --pits 6 --seeds 4 --openings docs/results/openings/kalah-6-4-even-within-2.txt \
      --games 400 --jobs 2 --quiet --out "docs/results/heuristics-fitted-vs-weighted-$t" \
      --agents "engine:time=$t,heuristic=fitted" "engine:time=$t,heuristic=weighted"
  done
fi

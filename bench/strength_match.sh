#!/usr/bin/env bash
# A match of the engine against itself as it was at an earlier commit: the strength
# of a change, measured by games (docs/PERFORMANCE.md, "Strength against the engine of commit 7bb1f56").
#   bench/strength_match.sh [MOVE_TIME] [GAMES] [BASELINE_COMMIT] [OUT] [OPTIONS]
# MOVE_TIME (default 50ms) goes to both engines' time=; GAMES (default 400) are played
# from balanced 4-ply openings, each opening both ways, two at a time. The baseline is
# built once in build-baseline/ (a git worktree of BASELINE_COMMIT, default 7bb1f56, the
# engine before the time management and reductions) and plays through the engine protocol (cmd:), one
# process per game. Results land in OUT (default docs/results/strength-MOVE_TIME); the
# journal there resumes an interrupted match. OPTIONS are added to this engine's spec
# only (e.g. db=DIR: an endgame database folder from `mancala db build`). With OPENINGS=FILE
# in the environment, the games are played from that book's openings instead (arena
# --openings; bench/balanced_openings.py writes books of openings proven near even).
set -euo pipefail
cd "$(dirname "$0")/.."
time=${1:-50ms}
games=${2:-400}
commit=${3:-7bb1f56}
out=${4:-docs/results/strength-$time}
extra=${5:+,$5}

baseline=build-baseline
if [[ ! -x $baseline/bin/mancala || $(cat "$baseline/commit" 2>/dev/null) != "$commit" ]]; then
  rm -rf "$baseline"
  mkdir -p "$baseline"
  git worktree add --force --detach "$baseline/src" "$commit" >/dev/null
  cmake -S "$baseline/src" -B "$baseline/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMANCALA_NATIVE=ON \
    -DCMAKE_UNITY_BUILD=ON -DMANCALA_PYTHON=OFF -DMANCALA_BENCHMARKS=OFF >/dev/null
  cmake --build "$baseline/build" --target mancala
  mkdir -p "$baseline/bin"
  cp "$baseline/build/mancala" "$baseline/bin/mancala"
  git worktree remove --force "$baseline/src"
  echo "$commit" >"$baseline/commit"
fi

openings=(--openings-plies 4 --balanced-openings 2)
if [[ -n ${OPENINGS:-} ]]; then openings=(--openings "$OPENINGS"); fi

./build/mancala arena --rules kalah --pits 6 --seeds 4 "${openings[@]}" \
  --games "$games" --jobs 2 --quiet --out "$out" \
  --agents "engine:time=$time$extra" "cmd:$baseline/bin/mancala engine --agent engine:time=$time"

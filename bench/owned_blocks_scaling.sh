#!/usr/bin/env bash
# The owned-blocks figures of docs/SCALING.md: the Kalah 6-pit database built by 1,
# 2 and 4 MPI processes that each hold only their block of every tier
# (`db build --owned-blocks`), against the same processes each holding the whole
# database (one thread each), RUNS runs each. Prints each run's wall time and summary.
#   bench/owned_blocks_scaling.sh [MANCALA] [RUNS] [STONES]
set -euo pipefail
mancala=${1:-./build/mancala}
runs=${2:-3}
stones=${3:-16}
mpirun=(mpirun --oversubscribe --allow-run-as-root)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== db build --rules kalah --pits 6 --max-stones $stones (to disk, $work)"
for run in $(seq 1 "$runs"); do
    for np in 1 2 4; do
        for design in whole owned; do
            rm -rf "$work/db"
            flags=(--threads 1)
            [[ $design == owned ]] && flags=(--owned-blocks)
            start=$(date +%s%N)
            "${mpirun[@]}" -np "$np" "$mancala" db build --rules kalah --pits 6 --max-stones "$stones" \
                --out "$work/db" --quiet --json "${flags[@]}" >"$work/out" 2>"$work/err"
            ms=$((($(date +%s%N) - start) / 1000000))
            printf '%d process(es), %-5s %4d.%02d s  %s\n' "$np" "$design" $((ms / 1000)) $((ms % 1000 / 10)) \
                "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print({k: d[k] for k in d if k not in ("tiers", "rules", "pits")})' "$work/out")"
        done
    done
done

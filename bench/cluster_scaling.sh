#!/usr/bin/env bash
# The figures of docs/SCALING.md: a database build and a proof with 1, 2 and 4 MPI
# processes (one thread each) against one process with 1 and 2 threads, RUNS runs each.
# Prints the wall time of every run and each run's summary lines.
#   bench/cluster_scaling.sh [MANCALA] [RUNS] [STONES] [SEEDS]
set -euo pipefail
mancala=${1:-./build/mancala}
runs=${2:-3}
stones=${3:-20}  # the database: Kalah, 6 pits, up to this many stones
seeds=${4:-4}    # the proof: Kalah(6,seeds)
mpirun=(mpirun --oversubscribe --allow-run-as-root)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

timed() {  # timed LABEL COMMAND...: one run, its wall time and summary
    local label=$1
    shift
    local start ms
    start=$(date +%s%N)
    "$@" >"$work/out" 2>"$work/err"
    ms=$((($(date +%s%N) - start) / 1000000))
    printf '%-28s %4d.%02d s  %s\n' "$label" $((ms / 1000)) $((ms % 1000 / 10)) \
        "$(grep -E 'processes|^built|^search|wins by|loses by' "$work/out" | tr '\n' ' ')"
}

echo "== db build --rules kalah --pits 6 --max-stones $stones (to disk, $work)"
for run in $(seq 1 "$runs"); do
    for setting in "1 1" "1 2" "2 1" "4 1"; do
        read -r np threads <<<"$setting"
        rm -rf "$work/db"
        if [[ $np == 1 ]]; then
            timed "1 process, $threads thread(s)" "$mancala" db build --rules kalah --pits 6 --max-stones "$stones" \
                --out "$work/db" --threads "$threads" --quiet
        else
            timed "$np processes, 1 thread" "${mpirun[@]}" -np "$np" "$mancala" db build --rules kalah --pits 6 \
                --max-stones "$stones" --out "$work/db" --threads 1 --quiet
        fi
    done
done

echo "== solve --rules kalah --pits 6 --seeds $seeds (database built in memory first)"
for run in $(seq 1 "$runs"); do
    for setting in "1 1" "1 2" "2 1" "4 1"; do
        read -r np threads <<<"$setting"
        if [[ $np == 1 ]]; then
            timed "1 process, $threads thread(s)" "$mancala" solve --rules kalah --pits 6 --seeds "$seeds" \
                --threads "$threads"
        else
            timed "$np processes, 1 thread" "${mpirun[@]}" -np "$np" "$mancala" solve --rules kalah --pits 6 \
                --seeds "$seeds" --threads 1
        fi
    done
done

#!/usr/bin/env bash
# The homework benchmarks of docs/PERFORMANCE.md ("Homework logs"): wall time (best of N runs) and peak
# memory of the whole process, for the official-size and the deep input.
# Usage: bench/homework.sh [build/mancala] [runs]
set -euo pipefail
mancala=$(realpath "${1:-build/mancala}")
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bench() {  # name, input text
  local name=$1 dir="$work/$1"
  mkdir -p "$dir"
  printf '%b' "$2" > "$dir/input.txt"
  local best="" rss=0
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %M" -o "$dir/time" "$mancala" homework "$dir/input.txt" --output-dir "$dir" --quiet
    local start end
    start=$(date +%s%N)
    "$mancala" homework "$dir/input.txt" --output-dir "$dir" --quiet
    end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    [[ -z $best || $ms -lt $best ]] && best=$ms
    local kb; kb=$(awk '{print $2}' "$dir/time")
    (( kb > rss )) && rss=$kb
  done
  printf '%-14s %10d lines %12d bytes  best %5d ms  peak %6.1f MB\n' "$name" \
    "$(wc -l < "$dir/traverse_log.txt")" "$(wc -c < "$dir/traverse_log.txt")" "$best" "$(awk -v kb="$rss" "BEGIN{print kb/1024}")"
}

bench official-size '2\n1\n5\n100 100 100 100\n100 100 100 100\n0\n0\n'
bench deep '2\n1\n7\n4 4 4 4 4 4\n4 4 4 4 4 4\n0\n0\n'

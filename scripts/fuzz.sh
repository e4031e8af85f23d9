#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (the fuzz preset: clang, ASan + UBSan, in
# build-fuzz/) and runs each for SECONDS (default 30) on a copy of its seed corpus
# (fuzz/corpus/<name>, so the repository's stays as it is) plus its kept crashes
# (fuzz/regressions/<name>), MANCALA_FUZZ_JOBS targets at a time (default: the cores).
# Prints each target's runs and coverage; fails if any target crashes, hangs or breaks
# a promise, keeping the input in build-fuzz/fuzz-artifacts/<name>/.
#   ./scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "usage: $0 [SECONDS]" >&2; exit 2; }
jobs=${MANCALA_FUZZ_JOBS:-$(nproc)}

start=$SECONDS
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
echo "fuzz: built in $((SECONDS - start)) s"

names=()
for source in fuzz/*_fuzzer.cpp; do
  name=$(basename "$source" _fuzzer.cpp)
  names+=("$name")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {
  local name=$1 dir=$work/$1
  mkdir -p "$dir/corpus"
  cp fuzz/corpus/"$name"/* "$dir/corpus/"
  local rc=0
  # A single input taking 20 s is a hang; the regressions are read, never written.
  build-fuzz/fuzz/"${name}_fuzzer" "$dir/corpus" fuzz/regressions/"$name" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$dir/" >"$dir/log" 2>&1 || rc=$?
  echo "$rc" >"$dir/rc"
}

start=$SECONDS
running=0
for name in "${names[@]}"; do
  if ((running >= jobs)); then
    wait -n
    running=$((running - 1))
  fi
  run "$name" &
  running=$((running + 1))
done
wait
echo "fuzz: ${#names[@]} targets, ${seconds} s each, $jobs at a time: $((SECONDS - start)) s"

failed=0
for name in "${names[@]}"; do
  dir=$work/$name
  rc=$(cat "$dir/rc")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
  coverage=$(grep -E "^#[0-9]+[[:space:]]+(DONE|INITED)" "$dir/log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || true)
  if [[ $rc == 0 ]]; then
    printf 'fuzz: %-15s ok     %9s runs  %s\n' "$name" "${runs:-?}" "${coverage:-?}"
  else
    failed=1
    kept=build-fuzz/fuzz-artifacts/$name
    mkdir -p "$kept"
    cp "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-* "$dir"/leak-* "$kept"/ 2>/dev/null || true
    printf 'fuzz: %-15s FAILED (exit %s); inputs kept in %s; the log ends:\n' "$name" "$rc" "$kept"
    grep -vE '^(#[0-9]+|INFO:|MS:|base unit:|0x|stat::)' "$dir/log" | tail -40 | sed 's/^/    /'
  fi
done
exit $failed

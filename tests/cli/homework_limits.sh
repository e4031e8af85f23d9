#!/usr/bin/env bash
# End-to-end: the homework's limits and failures. A cutoff depth whose traverse
# log would pass --max-log-size is refused quickly, naming the limit, with
# nothing written (and the limit is exact); a huge depth on a board whose game
# ends first is not refused; a run killed by SIGINT, SIGTERM or SIGKILL while it
# writes leaves the earlier outputs and no temporary file; a failed write of
# either output replaces neither.
set -uo pipefail
set -m  # background runs get SIGINT at its default action (without job control bash ignores it there)
mancala=$1
cases=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }

board6='4 4 4 4 4 4\n4 4 4 4 4 4\n0\n0\n'

# only_files DIR NAMES...: the directory holds exactly these names (hidden ones included).
only_files() {
  local dir=$1
  shift
  local want have
  want=$(printf '%s\n' "$@" | sort)
  have=$(ls -A "$dir" | sort)
  [[ $have == "$want" ]]
}

# A refusal: exit code 2, one line naming the input's line 3, the depth and the limit; nothing written.
# Task 2 meets the default limit; task 3 a smaller one (the count to the limit is written
# out, and 256 MiB twice took most of a minute under the sanitizers).
for task in 2 3; do
  dir="$work/huge$task"
  mkdir -p "$dir"
  printf "$task\n1\n1000000\n$board6" > "$dir/input.txt"
  limit=(); limit_text="256 MiB"
  [[ $task == 3 ]] && limit=(--max-log-size 16M) && limit_text="16 MiB"
  start=$(date +%s%N)
  # The refusal counts the log up to the limit and stops there: about a second on a quiet
  # machine, 87 s once under the sanitizers beside two builds. The timeout is the bound (its
  # exit code 124 fails the check below); how fast it is, is for benchmarks, not this test.
  err=$(timeout 300 "$mancala" homework "$dir/input.txt" --output-dir "$dir" "${limit[@]}" 2>&1 >/dev/null)
  code=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [[ $code -eq 2 ]] || fail "huge depth, task $task: exit code $code, expected 2"
  [[ $(echo "$err" | wc -l) -eq 1 ]] || fail "huge depth, task $task: not one line: $err"
  [[ $err == *"input.txt:3: the traverse log of cutoff depth 1000000 would be larger than --max-log-size $limit_text"* ]] ||
    fail "huge depth, task $task: message '$err' does not name the limit"
  only_files "$dir" input.txt || fail "huge depth, task $task: left files: $(ls -A "$dir")"
  echo "huge depth, task $task: refused in $ms ms"
done

# The limit is exact: a log of L bytes passes --max-log-size L and is refused at L - 1.
dir="$work/exact"
mkdir -p "$dir"
"$mancala" homework "$cases/case05/input.txt" --output-dir "$dir" --quiet || fail "case05 refused"
size=$(stat -c %s "$dir/traverse_log.txt")
cp "$dir/traverse_log.txt" "$work/case05.log"
"$mancala" homework "$cases/case05/input.txt" --output-dir "$dir" --quiet --max-log-size "$size" ||
  fail "a log of $size bytes refused at --max-log-size $size"
cmp -s "$dir/traverse_log.txt" "$work/case05.log" || fail "the log at its exact limit differs"
err=$("$mancala" homework "$cases/case05/input.txt" --output-dir "$dir/under" --max-log-size $((size - 1)) 2>&1)
[[ $? -eq 2 && $err == *"--max-log-size $((size - 1)) bytes"* ]] || fail "a log of $size bytes passed a limit of $((size - 1)): $err"
[[ ! -e $dir/under || -z $(ls -A "$dir/under") ]] || fail "a refused run left files: $(ls -A "$dir/under")"
err=$("$mancala" homework "$cases/case05/input.txt" --output-dir "$dir/k" --max-log-size 4K 2>&1)
[[ $? -eq 2 && $err == *"--max-log-size 4 KiB"* ]] || fail "--max-log-size 4K: $err"

# No false refusal: on a board whose game ends within a few turns, depth 1,000,000 is the whole game tree.
for depth in 1000000 100; do
  mkdir -p "$work/small$depth"
  printf "2\n1\n$depth\n0 0 0 1 1\n1 0 0 0 1\n0\n0\n" > "$work/small$depth/input.txt"
  "$mancala" homework "$work/small$depth/input.txt" --output-dir "$work/small$depth" --quiet ||
    fail "depth $depth on a small board refused"
done
cmp -s "$work/small1000000/traverse_log.txt" "$work/small100/traverse_log.txt" ||
  fail "depth 1000000 and 100 logs differ on a board whose game ends sooner"

# Killed while writing: the earlier outputs stay, and no temporary file is left. A long run
# (depth 10, no size limit) is killed once its log holds a megabyte.
previous="$work/previous"
mkdir -p "$previous"
"$mancala" homework "$cases/case05/input.txt" --output-dir "$previous" --quiet || fail "case05 refused"
for signal in INT TERM KILL; do
  dir="$work/killed-$signal"
  mkdir -p "$dir"
  cp "$previous"/* "$dir/"
  printf "2\n1\n10\n$board6" > "$work/deep.txt"
  "$mancala" homework "$work/deep.txt" --output-dir "$dir" --quiet --max-log-size 1T &
  pid=$!
  written=0
  for ((i = 0; i < 600 && written < 1048576; i++)); do
    for fd in /proc/$pid/fd/*; do
      [[ $(readlink "$fd" 2>/dev/null) == "$dir/"* ]] || continue
      size=$(stat -L -c %s "$fd" 2>/dev/null || echo 0)
      (( size > written )) && written=$size
    done
    (( written < 1048576 )) && sleep 0.05
  done
  (( written >= 1048576 )) || fail "$signal: the run wrote no log to kill it in"
  named=$(ls -A "$dir" | grep -c '^\.traverse_log\.txt\.tmp-')  # the fallback where O_TMPFILE is missing
  kill -s "$signal" "$pid" || fail "$signal: the run ended before it was killed"
  wait "$pid" 2>/dev/null
  code=$?
  [[ $code -gt 128 ]] || fail "$signal: exit code $code, expected death by the signal"
  cmp -s "$dir/next_state.txt" "$previous/next_state.txt" || fail "$signal: next_state.txt changed"
  cmp -s "$dir/traverse_log.txt" "$previous/traverse_log.txt" || fail "$signal: traverse_log.txt changed"
  if [[ $named -gt 0 && $signal == KILL ]]; then
    echo "note: no O_TMPFILE in $dir: the named temporary file survives SIGKILL (nothing can remove it)"
  else
    only_files "$dir" next_state.txt traverse_log.txt || fail "$signal: left files: $(ls -A "$dir")"
  fi
  echo "killed by SIG$signal after $written bytes of log ($([[ $named -gt 0 ]] && echo named || echo unnamed) temporary file): outputs kept"
done

# A failed write replaces neither output. The log outgrows a file size limit (as a full disk stops it):
dir="$work/fsize"
mkdir -p "$dir"
cp "$previous"/* "$dir/"
printf "2\n1\n7\n$board6" > "$work/deep7.txt"
err=$( (ulimit -f 1024; trap '' XFSZ; exec "$mancala" homework "$work/deep7.txt" --output-dir "$dir" --quiet) 2>&1)
code=$?
[[ $code -eq 1 && $err == *"traverse_log.txt: File too large"* ]] || fail "file size limit: exit code $code: $err"
[[ $(echo "$err" | wc -l) -eq 1 ]] || fail "file size limit: not one line: $err"
cmp -s "$dir/next_state.txt" "$previous/next_state.txt" || fail "file size limit: next_state.txt changed"
cmp -s "$dir/traverse_log.txt" "$previous/traverse_log.txt" || fail "file size limit: traverse_log.txt changed"
only_files "$dir" next_state.txt traverse_log.txt || fail "file size limit: left files: $(ls -A "$dir")"
# ... and the second output cannot be written (a directory holds its name): the new log stays out too.
dir="$work/second"
mkdir -p "$dir/next_state.txt/in-the-way"
printf 'old log\n' > "$dir/traverse_log.txt"
err=$("$mancala" homework "$cases/case05/input.txt" --output-dir "$dir" --quiet 2>&1)
code=$?
[[ $code -eq 1 && $err == *"next_state.txt"* ]] || fail "second output blocked: exit code $code: $err"
[[ $(cat "$dir/traverse_log.txt") == "old log" ]] || fail "second output blocked: the log was replaced"
only_files "$dir" next_state.txt traverse_log.txt || fail "second output blocked: left files: $(ls -A "$dir")"

[[ $failed -eq 0 ]] && echo "homework limits and failures handled"
exit $failed

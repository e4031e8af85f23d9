#!/usr/bin/env bash
# End-to-end: runs the real binary on every official case and compares as the
# grader does, with this project's stricter reading: files must be equal byte for
# byte once the lines marked OPTIONAL are removed.
set -euo pipefail
mancala=$1
cases=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failed=0
count=0
for dir in "$cases"/case*/; do
  name=$(basename "$dir")
  out="$work/$name"
  "$mancala" homework "$dir/input.txt" --output-dir "$out" --quiet
  if ! cmp -s "$out/next_state.txt" "$dir/next_state.txt"; then
    echo "FAIL $name: next_state.txt differs"; diff "$out/next_state.txt" "$dir/next_state.txt" | head; failed=1
  fi
  if [[ -f $dir/traverse_log.txt ]]; then
    if ! grep -v OPTIONAL "$dir/traverse_log.txt" | cmp -s - "$out/traverse_log.txt"; then
      echo "FAIL $name: traverse_log.txt differs"; failed=1
    fi
  elif [[ -e $out/traverse_log.txt ]]; then
    echo "FAIL $name: wrote a traverse_log.txt for a task without one"; failed=1
  fi
  count=$((count + 1))
done
[[ $count -eq 11 ]] || { echo "FAIL: expected 11 cases, found $count"; failed=1; }
[[ $failed -eq 0 ]] && echo "all $count official cases match"
exit $failed

#!/usr/bin/env bash
# Checks the commit messages since the last tag (or since the commit the convention
# started after) against CONTRIBUTING.md: an imperative subject of at most 72
# characters without a "topic:" prefix or a final period, a blank line, a body, and a
# `Bench: N` trailer on every commit that touches src/search/. With --bench BINARY it
# also runs `BINARY bench` and checks that the newest `Bench:` trailer in the history
# is the signature the code gives today.
#   scripts/check-commits.sh [--bench BINARY] [RANGE]
# Exits 1 naming each commit and what is wrong with it.
set -euo pipefail
cd "$(dirname "$0")/.."

# The last commit before the convention was written down (CONTRIBUTING.md).
convention_base=ba4ed8a

binary=
if [[ ${1:-} == --bench ]]; then
  binary=${2:?--bench needs the binary}
  shift 2
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "check-commits: not a git checkout: nothing to check"
  exit 0
fi
if [[ $# -gt 0 ]]; then
  range=$1
elif tag=$(git describe --tags --abbrev=0 2>/dev/null); then
  range="$tag..HEAD"
elif git cat-file -e "$convention_base^{commit}" 2>/dev/null; then
  range="$convention_base..HEAD"
else
  echo "check-commits: the history is too short to hold $convention_base (a shallow clone?): nothing to check"
  exit 0
fi

failed=0
problem() {
  echo "check-commits: $1 \"$2\": $3"
  failed=1
}

checked=0
while read -r commit parents; do
  checked=$((checked + 1))
  subject=$(git log -1 --format=%s "$commit")
  short=$(git log -1 --format=%h "$commit")
  ((${#subject} <= 72)) || problem "$short" "$subject" "the subject has ${#subject} characters (at most 72)"
  [[ $parents == *" "* ]] && continue # a merge: its subject is git's
  first_word=${subject%% *}
  [[ $subject =~ ^[A-Z] ]] || problem "$short" "$subject" "the subject does not start with a capital letter"
  [[ $subject =~ ^[^\ ]+:\  ]] && problem "$short" "$subject" "the subject starts with a 'topic:' prefix"
  [[ $subject == *. ]] && problem "$short" "$subject" "the subject ends with a period"
  [[ $first_word =~ (ed|ing)$ ]] && problem "$short" "$subject" "'$first_word' is not imperative ('Add', 'Fix', 'Split')"
  message=$(git log -1 --format=%B "$commit")
  [[ -z $(sed -n 2p <<<"$message") ]] || problem "$short" "$subject" "the second line is not blank"
  [[ -n $(sed -n '3,$p' <<<"$message" | grep -v '^\s*$' || true) ]] || problem "$short" "$subject" "no body (say why, with the figures)"
  if [[ -n $(git diff-tree --no-commit-id --name-only -r "$commit" -- src/search/) ]]; then
    grep -qE '^Bench: [0-9]+$' <<<"$message" || problem "$short" "$subject" "it touches src/search/ but has no 'Bench: N' trailer"
  fi
done < <(git log --format='%H %P' "$range")

if [[ -n $binary ]]; then
  want=$(git log --format=%B | grep -m1 -oE '^Bench: [0-9]+$' | cut -d' ' -f2 || true)
  have=$("$binary" bench 2>/dev/null | sed -n 's/^total nodes (signature): //p')
  if [[ -z $want ]]; then
    echo "check-commits: no 'Bench:' trailer in the history"
    failed=1
  elif [[ $want != "$have" ]]; then
    echo "check-commits: the newest 'Bench:' trailer says $want, but '$binary bench' gives '${have:-nothing}'"
    failed=1
  fi
fi

if ((failed)); then
  echo "check-commits: see CONTRIBUTING.md"
  exit 1
fi
echo "check-commits: $checked commits in $range follow the convention${binary:+; the bench signature is ${have:-}}"

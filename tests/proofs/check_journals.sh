#!/usr/bin/env bash
# The proof journals of proofs/ checked by proofs/check_journal.py (rules written again in
# Python): both Kalah(6,6) journals prove the first player wins by at least 2; a journal
# made here for a small game proves its value and not one more, and at most its value and
# not one less; a journal with a piece
# taken out, or with an answer turned, proves nothing; a malformed one is refused; the
# script that runs the standard proof says what it would run.
set -uo pipefail
mancala=$1
root=$2
check="python3 $root/proofs/check_journal.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }

for journal in kalah-6-6 homework-6-6; do
  out=$($check "$root/proofs/$journal.journal" --at-least 2) || fail "$journal: exit code $?: $out"
  [[ $out == *"proven:"*"at least +2"* ]] || fail "$journal: $out"
done

# A small game: its value V holds and V + 1 does not, as the journal of each run says.
value=$("$mancala" solve --pits 3 --seeds 3 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
for v in "$value" $((value + 1)); do
  "$mancala" solve --pits 3 --seeds 3 --at-least "$v" --split 2 --db-stones 0 --journal "$work/small.journal" \
    > /dev/null 2>&1 || fail "small game at least $v: solve exit code $?"
done
$check "$work/small.journal" --at-least "$value" > /dev/null || fail "small game: at least $value not proven"
out=$($check "$work/small.journal" --at-least $((value + 1)))
[[ $? -eq 1 && $out == "not proven:"* ]] || fail "small game: at least $((value + 1)): $out"
# The same journal refutes V + 1 through its split answers: at most V, and not at most V - 1.
out=$($check "$work/small.journal" --at-most "$value") || fail "small game: at most $value: exit code $?: $out"
[[ $out == *"proven:"*"at most"* ]] || fail "small game: at most $value: $out"
out=$($check "$work/small.journal" --at-most $((value - 1)))
[[ $? -eq 1 && $out == "not proven:"* ]] || fail "small game: at most $((value - 1)): $out"

# Kalah(6,6) without the piece after B2 B4 A3, and with that piece's answer turned.
grep -v '"position":"7,0,6,7,7,7/1,8,1,9,8,8/1/2/S"' "$root/proofs/kalah-6-6.journal" > "$work/less.journal"
out=$($check "$work/less.journal" --at-least 2)
[[ $? -eq 1 && $out == *"after B2 B4 A3"*"no answer"* ]] || fail "a piece taken out: $out"
sed 's|\("position":"7,0,6,7,7,7/1,8,1,9,8,8/1/2/S","at_least":2,"holds":\)true|\1false|' \
  "$root/proofs/kalah-6-6.journal" > "$work/turned.journal"
out=$($check "$work/turned.journal" --at-least 2)
[[ $? -eq 1 && $out == "not proven:"* ]] || fail "an answer turned: $out"

# A malformed journal: exit 2, and the line named.
{ head -1 "$root/proofs/kalah-6-6.journal"; echo '{"position":"1,2/3,4/0/0/S"}'; } > "$work/bad.journal"
out=$($check "$work/bad.journal" --at-least 2 2>&1)
[[ $? -eq 2 && $out == *"line 2"* ]] || fail "malformed: $out"

# The script that runs the standard proof, as a dry run: the database build, the six
# pieces and the three assembly runs, each into the journal of proofs/.
out=$(DRY_RUN=1 bash "$root/proofs/kalah-6-6.sh" "$work/db" "$mancala" 2>&1) || fail "kalah-6-6.sh: exit code $?: $out"
[[ $(grep -c '^+ .* db build --rules kalah --pits 6 --max-stones 30' <<<"$out") -eq 1 ]] || fail "kalah-6-6.sh: build: $out"
[[ $(grep -c '^+ .* solve .*--at-least 2 .*--journal .*proofs/kalah-6-6.journal' <<<"$out") -eq 9 ]] ||
  fail "kalah-6-6.sh: nine proof runs: $out"
[[ ! -e $work/db ]] || fail "kalah-6-6.sh: a dry run made $work/db"

exit $failed

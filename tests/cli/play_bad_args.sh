#!/usr/bin/env bash
# End-to-end: `mancala play` refuses bad arguments before the game starts, with
# exit code 2 and (for its own checks) one clear line.
set -uo pipefail
mancala=$1
failed=0

# refuse NAME WORDS ARGS...: exit code 2, nothing on stdout, one line on stderr holding WORDS.
refuse() {
  local name=$1 words=$2
  shift 2
  local out err code
  err=$("$mancala" play "$@" </dev/null 2>&1 >/dev/null)
  code=$?
  out=$("$mancala" play "$@" </dev/null 2>/dev/null)
  if [[ $code -ne 2 ]]; then echo "FAIL $name: exit code $code, expected 2"; failed=1; fi
  if [[ -n $out ]]; then echo "FAIL $name: printed '$out'"; failed=1; fi
  if [[ $err != *"$words"* ]]; then echo "FAIL $name: message '$err' lacks '$words'"; failed=1; fi
  if [[ -n $words && $(echo "$err" | wc -l) -ne 1 ]]; then echo "FAIL $name: not one line: $err"; failed=1; fi
}

refuse rules "unknown rules 'nope' (choose one of: kalah, homework, relay, oware, awari, bohnenspiel, congklak, dakon, ayoayo, toguz-kumalak, mangala, vai-lung-thlan)" --rules nope
refuse rules_key "unknown rule 'extra' in rules 'kalah:extra=no' (the rules are: capture, sowing, end, extra-turn, direction, names, stores-on-ring, start, skip-start, relay-side, capture-takes-last, capture-counts, capture-side, capture-chain, grand-slam, must-feed, tuzdyk, leftovers, majority, repetition)" --rules kalah:extra=no
refuse rules_value "bad value 'no' for capture in rules 'kalah:capture=no' (choose one of: never, if-opposite-nonempty, always)" --rules kalah:capture=no
refuse pits "play --pits: must be a whole number from 1 to 16, got '17'" --pits 17
refuse agent "unknown agent 'wizard'" --north wizard
refuse agent_option "an integer from 1" --south alphabeta:depth=0
refuse hint_agent "unknown agent 'oracle'" --hint-agent oracle
refuse db "--db /nonexistent-mancala-db: not a folder" --db /nonexistent-mancala-db
refuse position "position 'x/y' has 2 fields; expected 5" --position x/y
refuse position_pits "--pits 4 but the position has 3 pits a side" --pits 4 --position "1,1,1/1,1,1/0/0/S"
refuse position_stuck "south is to move but has no stones to sow" --rules relay --position "1,0,0/0,0,0/0/0/S"
# CLI11's own checks, said in one line too.
refuse first "play --first: sideways not in {random,south,north}" --first sideways
refuse first_and_position "play --position excludes --first" --first north --position "1,1,1/1,1,1/0/0/S"
refuse unknown_option "play: unknown option '--colour'" --colour

[[ $failed -eq 0 ]] && echo "play: bad arguments refused cleanly"
exit $failed

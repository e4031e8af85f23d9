#!/usr/bin/env bash
# Builds and proofs across the processes of an MPI job (mpirun -np 3 on any number
# of cores), against one process:
#  - a database built by 3 processes is the one built by 1, file for file;
#  - a process killed mid-build ends the job with mpirun's message naming it, leaves
#    only whole tiers (each checked on opening), and the job restarted completes
#    identically;
#  - 3 processes each holding only a block of every tier (--owned-blocks) write
#    the same files, resume a build, and restart one killed mid-way identically;
#  - a proof split among 3 processes gives the retrograde value and an optimal move,
#    and a bound test the same answer; a retrograde solve built by 3 the same value;
#  - a database of a game whose positions repeat (Oware, Awari) built by 2 and by 3
#    processes is the one built by 1, file for file.
# Usage: mpi_test.sh MANCALA MPIEXEC
set -euo pipefail
mancala=$1
mpiexec=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# --oversubscribe: more processes than cores; as root Open MPI asks for consent.
mpirun=("$mpiexec" --oversubscribe --allow-run-as-root)
fail() {
    echo "mpi_test: $*" >&2
    exit 1
}

echo "== a database built by 3 processes is the one built by 1"
"$mancala" db build --rules kalah --pits 5 --max-stones 14 --out "$work/one" --quiet >/dev/null
"${mpirun[@]}" -np 3 "$mancala" db build --rules kalah --pits 5 --max-stones 14 --out "$work/three" --threads 1 \
    --quiet >"$work/three.out"
diff -r "$work/one" "$work/three" || fail "the files differ"
grep -q "^3 processes; rank 0 solved" "$work/three.out" || fail "no summary of the processes: $(cat "$work/three.out")"

# kill_mid_build DIR RANK [FLAGS...]: a 3-process build of Kalah 5 pits to 19 stones into DIR,
# whose process RANK is killed once tier 12 is written; the job must fail naming RANK, and the
# same command run again must complete it as one process builds it ($work/one).
kill_mid_build() {
    local dir=$1 rank=$2
    shift 2
    local build=(db build --rules kalah --pits 5 --max-stones 19 --out "$dir" --quiet "$@")
    "${mpirun[@]}" -np 3 "$mancala" "${build[@]}" >/dev/null 2>"$dir.err" &
    local job=$! victim="" status=0
    for _ in $(seq 1 600); do
        [[ -f $dir/kalah-5/tier-012.mdb ]] && break
        sleep 0.05
    done
    [[ -f $dir/kalah-5/tier-012.mdb ]] || fail "the build never reached tier 12"
    for pid in $(pgrep -f "db build --rules kalah --pits 5 --max-stones 19 --out $dir" || true); do
        if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$rank"; then victim=$pid; fi
    done
    [[ -n $victim ]] || fail "no process of rank $rank found"
    kill -9 "$victim"
    wait "$job" || status=$?
    [[ $status -ne 0 ]] || fail "the job exited 0 after losing a process"
    grep -q "rank $rank" "$dir.err" || fail "mpirun did not name the lost process: $(cat "$dir.err")"
    [[ ! -f $dir/kalah-5/tier-019.mdb ]] || fail "the build finished before the kill: make it longer"
    ls "$dir/kalah-5"/.tier-* >/dev/null 2>&1 && echo "   (a temporary file was left; the restart removes it)"
    "${mpirun[@]}" -np 3 "$mancala" "${build[@]}" >/dev/null
    diff -r "$work/one/kalah-5" "$dir/kalah-5" || fail "the restarted build differs"
}

echo "== a process killed mid-build: the job ends, whole tiers stay, a restart completes identically"
"$mancala" db build --rules kalah --pits 5 --max-stones 19 --out "$work/one" --quiet >/dev/null
kill_mid_build "$work/killed" 1 --threads 1

echo "== owned blocks: 3 processes each holding a block of every tier build the same files, and resume"
"${mpirun[@]}" -np 3 "$mancala" db build --rules kalah --pits 5 --max-stones 7 --out "$work/owned" --owned-blocks \
    --quiet >"$work/owned.out"
"${mpirun[@]}" -np 3 "$mancala" db build --rules kalah --pits 5 --max-stones 11 --out "$work/owned" --owned-blocks \
    --quiet >"$work/owned2.out"
grep -q "(8 present before)" "$work/owned2.out" || fail "the owned build did not resume: $(cat "$work/owned2.out")"
grep -q "by 3 processes holding a block each" "$work/owned2.out" || fail "no summary: $(cat "$work/owned2.out")"
for t in $(seq -f "%03g" 0 11); do
    cmp "$work/one/kalah-5/tier-$t.mdb" "$work/owned/kalah-5/tier-$t.mdb" || fail "owned tier $t differs"
done
[[ ! -f $work/owned/kalah-5/tier-012.mdb ]] || fail "a tier beyond --max-stones"

echo "== owned blocks: a process killed mid-build ends the job; the restart completes identically"
kill_mid_build "$work/okilled" 2 --owned-blocks

echo "== a proof split among 3 processes"
# agree EXPECTED ACTUAL: the value and a best move of a split proof against the retrograde answer.
agree() {
    python3 - "$1" "$2" <<'PY'
import json, sys
exact, split = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert split["value"] == exact["value"], (exact, split)
assert split["best_moves"][0] in exact["best_moves"], ("not an optimal move", exact, split)
assert split.get("processes") == 3, split
PY
}
for game in "--pits 4 --seeds 3" "--pits 3 --seeds 5"; do
    # shellcheck disable=SC2086
    exact=$("$mancala" solve --rules kalah $game --method retrograde --json)
    # shellcheck disable=SC2086
    split=$("${mpirun[@]}" -np 3 "$mancala" solve --rules kalah $game --method search --threads 1 --json)
    agree "$exact" "$split" || fail "$game: split proof $split, retrograde $exact"
done
# Auto under mpirun searches (its race would end by each process's own clock), split among them.
auto=$("${mpirun[@]}" -np 3 "$mancala" solve --rules kalah --pits 3 --seeds 4 --threads 1 --json)
agree "$("$mancala" solve --rules kalah --pits 3 --seeds 4 --method retrograde --json)" "$auto" ||
    fail "auto by 3 processes: $auto"
grep -q '"method":"search"' <<<"$auto" || fail "auto by 3 processes did not search: $auto"
# The bound tests of Kalah(4,3), whose value is +6.
for bound in 6 7; do
    test=$("${mpirun[@]}" -np 3 "$mancala" solve --rules kalah --pits 4 --seeds 3 --method search --threads 1 \
        --at-least "$bound" --json)
    want=$([[ $bound -le 6 ]] && echo true || echo false)
    grep -q "\"holds\":$want" <<<"$test" || fail "Kalah(4,3) at least $bound: $test"
done
# Retrograde analysis across the processes.
built=$("${mpirun[@]}" -np 3 "$mancala" solve --rules kalah --pits 3 --seeds 5 --method retrograde --threads 1 --json)
agree "$("$mancala" solve --rules kalah --pits 3 --seeds 5 --method retrograde --json)" "$built" ||
    fail "retrograde by 3 processes: $built"
echo "== Oware and Awari databases built by 2 and 3 processes are the ones built by 1"
for game in oware awari; do
    "$mancala" db build --rules $game --pits 4 --max-stones 10 --out "$work/cyclic-1" --quiet >/dev/null
    for np in 2 3; do
        "${mpirun[@]}" -np $np "$mancala" db build --rules $game --pits 4 --max-stones 10 --out "$work/cyclic-$np" \
            --threads 1 --quiet --json >"$work/cyclic-$np.json"
        grep -q "\"processes\":$np" "$work/cyclic-$np.json" || fail "$np processes: $(cat "$work/cyclic-$np.json")"
        diff -r "$work/cyclic-1/$game-4" "$work/cyclic-$np/$game-4" || fail "$game by $np processes: the files differ"
    done
done
echo "== other commands refuse to run once per process"
status=0
"${mpirun[@]}" -np 2 "$mancala" db query --rules kalah --pits 5 --db "$work/one" >"$work/query.out" 2>&1 || status=$?
[[ $status -ne 0 ]] || fail "db query ran under mpirun"
grep -q "only \`solve\` and \`db build\` run" "$work/query.out" || fail "no clear refusal: $(cat "$work/query.out")"
echo "mpi_test: all passed"

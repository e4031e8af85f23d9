#!/usr/bin/env bash
# End-to-end: `mancala serve` prints the address to open, answers on it, serves the
# page, keeps games in its store across a restart, refuses a store it cannot use
# (exit 1, naming the file), logs requests when asked, refuses bad options with exit
# code 2 and a busy port with exit code 1, and stops cleanly (exit 0) on SIGTERM and
# on SIGINT. Loopback only.
set -uo pipefail
mancala=$1
failed=0
work=$(mktemp -d)
log=$work/log
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# start: runs the server on a free port in the background; sets pid and url.
start() {
  "$mancala" serve --port 0 "$@" >"$log" 2>&1 &
  pid=$!
  url=
  for _ in $(seq 100); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$log" || true)
    [[ -n $url ]] && break
    sleep 0.05
  done
  [[ -n $url ]] || { echo "FAIL start: no address printed: $(cat "$log")"; failed=1; }
}

# request METHOD PATH [BODY]: the whole answer, through bash's /dev/tcp (no curl needed).
request() {
  local hostport=${url#http://}
  hostport=${hostport%/}
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}" || return 1
  if [[ $# -ge 3 ]]; then
    printf '%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
      "$1" "$2" "$hostport" "${#3}" "$3" >&3
  else
    printf '%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$1" "$2" "$hostport" >&3
  fi
  cat <&3
  exec 3<&-
}
get() { request GET "$1"; }

stop_with() {
  kill "-$1" "$pid"
  wait "$pid"
  local code=$?
  [[ $code -eq 0 ]] || { echo "FAIL $1: exit code $code"; failed=1; }
  grep -q "stopped ($1)" "$log" || { echo "FAIL $1: no 'stopped' line: $(cat "$log")"; failed=1; }
}

start
grep -q '^serving on http://127.0.0.1:[0-9]*/ ' "$log" || { echo "FAIL banner: $(cat "$log")"; failed=1; }
grep -q '^games stored in mancala-games.sqlite3 (0 live games loaded)' "$log" || { echo "FAIL store line: $(cat "$log")"; failed=1; }
[[ $(get /healthz) == *'"status":"ok"'* ]] || { echo "FAIL healthz"; failed=1; }
[[ $(get /) == *'Content-Type: text/html'* ]] || { echo "FAIL page"; failed=1; }
# Gzipped, the page's files decompress (by Python's own zlib, not the server's compressor) to
# what the server sends plain.
python3 - "$url" <<'PY' || { echo "FAIL gzip: the gzipped page is not the plain one"; failed=1; }
import gzip, sys, urllib.request
for path in ["", "main.js", "style.css"]:
    def fetch(headers):
        with urllib.request.urlopen(urllib.request.Request(sys.argv[1] + path, headers=headers)) as r:
            return r.headers.get("Content-Encoding"), r.read()
    coding, zipped = fetch({"Accept-Encoding": "gzip"})
    _, plain = fetch({})
    assert coding == "gzip" and gzip.decompress(zipped) == plain, path
PY
created=$(request POST /api/games '{"first":"human","pits":4,"seeds":3}')
id=$(grep -o '"id":"[0-9a-f]*"' <<<"$created" | head -1 | cut -d'"' -f4)
[[ -n $id ]] || { echo "FAIL create: $created"; failed=1; }
[[ $(request POST "/api/games/$id/moves" '{"pit":"B2"}') == *'HTTP/1.1 200'* ]] || { echo "FAIL move"; failed=1; }
busy_port=${url##*:}
busy_port=${busy_port%/}
"$mancala" serve --port "$busy_port" --store :memory: >/dev/null 2>&1
code=$?
[[ $code -eq 1 ]] || { echo "FAIL busy port: exit code $code, expected 1"; failed=1; }
# A second server on the same store is refused while the first has it.
"$mancala" serve --port 0 >"$work/second" 2>&1
code=$?
[[ $code -eq 1 ]] || { echo "FAIL second server on the store: exit code $code, expected 1"; failed=1; }
grep -q 'mancala-games.sqlite3' "$work/second" || { echo "FAIL second server: message $(cat "$work/second")"; failed=1; }
stop_with SIGTERM

# A restart on the same store finds the game with its move.
start --log-requests
grep -q '(1 live games loaded)' "$log" || { echo "FAIL restart: $(cat "$log")"; failed=1; }
[[ $(get "/api/games/$id") == *'"pit":"B2"'* ]] || { echo "FAIL restart: the move is gone"; failed=1; }
grep -Eq '^127\.0\.0\.1 GET /api/games/\{id\} 200 [0-9.]+ms$' "$log" || { echo "FAIL access log: $(cat "$log")"; failed=1; }
stop_with SIGINT

# Stores it cannot use: refused at start, naming the file, never replaced.
printf 'not a database, just text\n' >notes.txt
cp notes.txt before.txt
"$mancala" serve --port 0 --store notes.txt >"$work/refused" 2>&1
code=$?
[[ $code -eq 1 ]] || { echo "FAIL text store: exit code $code, expected 1"; failed=1; }
grep -q 'notes.txt' "$work/refused" || { echo "FAIL text store message: $(cat "$work/refused")"; failed=1; }
cmp -s notes.txt before.txt || { echo "FAIL text store: the file was changed"; failed=1; }
"$mancala" serve --port 0 --store "$work/no/such/folder/games.sqlite3" >"$work/refused" 2>&1
code=$?
[[ $code -eq 1 ]] || { echo "FAIL store in a missing folder: exit code $code, expected 1"; failed=1; }

start --io-threads 1 --think-threads 1 --max-games 5 --store :memory:
stop_with SIGINT

for bad in "--idle-timeout soon" "--max-think -1s" "--io-threads 0" "--max-games 0" "--max-games -5" \
           "--port 70000" "--keep-finished 400d" "--games-per-minute -1" "--think-queue -1" \
           "--read-timeout 0ms" "--assets /nonexistent/folder"; do
  # shellcheck disable=SC2086
  "$mancala" serve --store :memory: $bad >/dev/null 2>&1
  code=$?
  [[ $code -eq 2 ]] || { echo "FAIL '$bad': exit code $code, expected 2"; failed=1; }
done

[[ $failed -eq 0 ]] && echo "serve: all checks passed"
exit $failed

#!/usr/bin/env bash
# End-to-end: `mancala serve` prints the address to open, answers on it, serves the
# page, refuses bad options with exit code 2 and a busy port with exit code 1, and
# stops cleanly (exit 0) on SIGTERM and on SIGINT. Loopback only.
set -uo pipefail
mancala=$1
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

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

# get PATH: the body, through bash's /dev/tcp (no curl needed).
get() {
  local hostport=${url#http://}
  hostport=${hostport%/}
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}" || return 1
  printf 'GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$1" "$hostport" >&3
  cat <&3
  exec 3<&-
}

stop_with() {
  kill "-$1" "$pid"
  wait "$pid"
  local code=$?
  [[ $code -eq 0 ]] || { echo "FAIL $1: exit code $code"; failed=1; }
  grep -q "stopped ($1)" "$log" || { echo "FAIL $1: no 'stopped' line: $(cat "$log")"; failed=1; }
}

start
grep -q '^serving on http://127.0.0.1:[0-9]*/ ' "$log" || { echo "FAIL banner: $(cat "$log")"; failed=1; }
[[ $(get /healthz) == *'"status":"ok"'* ]] || { echo "FAIL healthz"; failed=1; }
[[ $(get /) == *'Content-Type: text/html'* ]] || { echo "FAIL page"; failed=1; }
busy_port=${url##*:}
busy_port=${busy_port%/}
"$mancala" serve --port "$busy_port" >/dev/null 2>&1
code=$?
[[ $code -eq 1 ]] || { echo "FAIL busy port: exit code $code, expected 1"; failed=1; }
stop_with SIGTERM

start --threads 2 --max-games 5
stop_with SIGINT

for bad in "--idle-timeout soon" "--max-think -1s" "--threads 0" "--max-games 0" "--port 70000" \
           "--assets /nonexistent/folder"; do
  # shellcheck disable=SC2086
  "$mancala" serve $bad >/dev/null 2>&1
  code=$?
  [[ $code -eq 2 ]] || { echo "FAIL '$bad': exit code $code, expected 2"; failed=1; }
done

[[ $failed -eq 0 ]] && echo "serve: all checks passed"
exit $failed

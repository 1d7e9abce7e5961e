#!/usr/bin/env bash
# Throughput of POST /v1/aasa/match and POST /v1/rules/check as a share of GET /health, the same
# server build in the same run (issue 31, item 6): wrk at 64 connections, the three routes in
# turn, CYCLES cycles of SECONDS each, so that a slow minute of a shared machine falls on all
# three alike. Prints each cycle's requests per second and p99, each route's share of /health in
# that cycle, and the median share over the cycles; and the server's own CPU time per request
# (from /proc, steal time excluded), a steadier measure of the same cost on a shared machine.
#
#   swift build -c release --product webfence-serve
#   Benchmarks/Load/throughput.sh [CYCLES] [SECONDS]      (defaults 6 and 5)
#
# The server runs with --log-level warning and --token-file (a token made for the run), so the
# host, token and budget checks are on, as a team would run it. Needs Debian's wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
cycles=${1:-6}
seconds=${2:-5}
port=8097
binary=.build/release/webfence-serve
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 2; }
[ -x "$binary" ] || { echo "build it first: swift build -c release --product webfence-serve" >&2; exit 2; }
tokens=$(mktemp)
python3 -c 'import secrets; print(secrets.token_hex(32))' >"$tokens"
"$binary" --port "$port" --log-level warning --token-file "$tokens" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$tokens"' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
auth="Authorization: Bearer $(head -1 "$tokens")"
# The server's CPU time so far (user and system, in clock ticks; steal time is not counted).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
# requests/s, p99 and the server's CPU microseconds per request for one route
run() {
    local script=() out before after
    [ "$1" = health ] || script=(-s "Benchmarks/Load/$1.lua")
    before=$(cpu_ticks)
    out=$(wrk -t2 -c64 -d"${seconds}s" --latency -H "$auth" "${script[@]}" "http://127.0.0.1:$port/${1/#health/health}")
    after=$(cpu_ticks)
    if echo "$out" | grep -q "Non-2xx"; then echo "$1: answers other than 2xx" >&2; exit 1; fi
    local requests
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    echo "$(echo "$out" | awk '/Requests\/sec/ {print $2}') $(echo "$out" | awk '$1 == "99%" {print $2}')" \
        "$(python3 -c "print(round(($after - $before) * 1e6 / $(getconf CLK_TCK) / $requests, 1))")"
}
printf '%-6s %22s %22s %22s %8s %8s %16s\n' cycle "health rps (p99)" "aasa/match rps (p99)" "rules/check rps (p99)" match rules \
    "server us/request"
shares=()
for cycle in $(seq "$cycles"); do
    read -r health health99 health_cpu < <(run health)
    read -r match match99 match_cpu < <(run aasa-match)
    read -r rules rules99 rules_cpu < <(run rules-check)
    share_match=$(python3 -c "print(round(100 * $match / $health))")
    share_rules=$(python3 -c "print(round(100 * $rules / $health))")
    shares+=("$share_match $share_rules $health_cpu $match_cpu $rules_cpu")
    printf '%-6s %14s (%6s) %14s (%6s) %14s (%6s) %7s%% %7s%% %16s\n' "$cycle" "$health" "$health99" "$match" "$match99" \
        "$rules" "$rules99" "$share_match" "$share_rules" "$health_cpu/$match_cpu/$rules_cpu"
done
printf '%s\n' "${shares[@]}" | python3 -c '
import statistics, sys
rows = [tuple(map(float, line.split())) for line in sys.stdin if line.strip()]
median = lambda column: statistics.median(r[column] for r in rows)
print(f"median share of /health: aasa/match {median(0)}%, rules/check {median(1)}%")
print(f"median server CPU per request: /health {median(2)} us, aasa/match {median(3)} us, rules/check {median(4)} us"
      f" (shares {100 * median(2) / median(3):.0f}%, {100 * median(2) / median(4):.0f}%)")'

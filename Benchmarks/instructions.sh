#!/usr/bin/env bash
# Instructions per input of each hot path and its peers, counted by callgrind (valgrind), which is
# repeatable on this noisy machine where times are not. Each workload runs twice, for SHORT and
# LONG iterations over its inputs; (long - short) / ((LONG - SHORT) × inputs) is the cost of one
# input, start-up and first-use setup removed. See docs/performance.md.
#
#   Benchmarks/instructions.sh              # every workload, and the URL mix by group
#   Benchmarks/instructions.sh url          # one group: url (parse, hostname), registrable, framework, bridge or json
set -euo pipefail
cd "$(dirname "$0")"
SHORT=${SHORT:-20}
LONG=${LONG:-220}
only=${1:-}

command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
./Peers/build.sh >/dev/null
swift build -c release --product InstructionCounts >/dev/null
# valgrind 3.19 gives up on the release build's debug information ("possibly corrupted debuginfo"):
# it counts a copy without it (the instructions are the same).
binary="$(mktemp)"
trap 'rm -f "$binary"' EXIT
strip --strip-debug -o "$binary" "$(swift build -c release --show-bin-path)/InstructionCounts"

# Total instructions of one run (callgrind's "Collected" line).
collected() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" 2>&1 >/dev/null \
        | awk '/Collected/ {print $NF}'
}

# instructions per input for: workload implementation [group]
per_input() {
    local inputs short long
    inputs=$("$binary" "$1" "$2" 0 ${3:-} | awk '{print $1}')
    short=$(collected "$1" "$2" "$SHORT" ${3:-})
    long=$(collected "$1" "$2" "$LONG" ${3:-})
    echo $(( (long - short) / ((LONG - SHORT) * inputs) ))
}

row() {  # label, then workload implementation [group] for each column
    local label=$1; shift
    printf '| %s |' "$label"
    while [ $# -gt 0 ]; do
        IFS=' ' read -r -a spec <<<"$1"; shift
        printf ' %s |' "$(per_input "${spec[@]}")"
    done
    printf '\n'
}

if [ -z "$only" ] || [ "$only" = url ]; then
    echo "instructions per URL (callgrind; $SHORT and $LONG passes)"
    echo "| inputs | WebFence WebURL | Foundation URL | ada 4.0 |"
    echo "|---|---:|---:|---:|"
    row "parse, 50-URL mix" "url webfence" "url foundation" "url ada"
    row "parse + hostname, 50-URL mix" "hostname webfence" "hostname foundation" "hostname ada"
    for group in plain query+fragment idn ip relative userinfo long other; do
        row "parse, $group" "url webfence $group" "url foundation $group" "url ada $group"
    done
    echo
fi
if [ -z "$only" ] || [ "$only" = registrable ]; then
    echo "instructions per host, registrable domain of 50 hosts"
    echo "| WebFence from a URLHost | WebFence from text | libpsl, DAFSA | libpsl, list text | naive Set<String> |"
    echo "|---:|---:|---:|---:|---:|"
    printf '| %s | %s | %s | %s | %s |\n' "$(per_input registrable webfence-host)" \
        "$(per_input registrable webfence-text)" "$(per_input registrable libpsl)" \
        "$(per_input registrable libpsl-text)" "$(per_input registrable naive)"
fi
if [ -z "$only" ] || [ "$only" = framework ]; then
    echo
    echo "instructions per decision, 8 framework URLs from the string (main frame, link)"
    echo "| framework | WebFence: parse + decide | the framework's own matcher |"
    echo "|---|---:|---:|"
    row "react-native-webview" "framework webfence-rnw" "framework regex-rnw"
    row "Cordova iOS 8" "framework webfence-cordova" "framework regex-cordova"
    row "PWABuilder (Foundation + range(of:))" "framework webfence-pwabuilder" "framework foundation-pwabuilder"
fi
if [ -z "$only" ] || [ "$only" = bridge ]; then
    echo
    echo "instructions per bridge decision, 8 framework URLs from the string (top-level page calling native code)"
    echo "| framework | WebFence: parse + decide | the framework's own check |"
    echo "|---|---:|---:|"
    row "flutter_inappwebview 6.2 (page RegExp + ICU)" "bridge webfence-flutter" "bridge regex-flutter"
    row "Tauri 2 (URL patterns)" "bridge webfence-tauri" "bridge urlpattern-tauri"
fi
if [ -z "$only" ] || [ "$only" = json ]; then
    echo
    echo "instructions per request body, the 2 bodies of Benchmarks/Load (rules check, association match)"
    echo "| | WebFence StrictJSON | Foundation JSONSerialization |"
    echo "|---|---:|---:|"
    row "parse" "json webfence-parse" "json foundation-parse"
    row "write back (compact)" "json webfence-write" "json foundation-write"
fi

#!/usr/bin/env bash
# Coverage-guided fuzzing of WebAddress with libFuzzer.
#
#   Fuzz/run.sh TARGET [RUNS]      TARGET: url | host      RUNS: default 1000000
#   (extra libFuzzer flags can be passed in FUZZ_FLAGS, e.g. FUZZ_FLAGS="-max_total_time=60")
#
# How the target reaches WebAddress: the target file (Fuzz/Targets/Fuzz<Target>.swift), the shared
# invariant checks (Fuzz/Targets/FuzzSupport.swift) and every Sources/WebAddress/*.swift are compiled
# by ONE swiftc call into ONE module, WebAddressFuzz. That is the simplest arrangement that works:
#   - WebAddress itself must be compiled with -sanitize=fuzzer,address to be coverage-instrumented,
#     which a module built by `swift build` is not;
#   - libFuzzer supplies main(), so the target is a library-style file (-parse-as-library) exporting
#     LLVMFuzzerTestOneInput with @_cdecl;
#   - in one module the target calls internal API (Host.parse, URLAPIFields, ...) directly: no
#     `import WebAddress`, no -enable-testing, no separate .swiftmodule to keep in step.
# The target files are named Fuzz*.swift because a module may not hold two files of the same name
# (Sources/WebAddress already has URLParser.swift and Host.swift).
#
# Output (all git-ignored): the binary and log in Fuzz/.out/, crash/timeout artifacts in
# Fuzz/.out/artifacts/, the working corpus in Fuzz/corpus-TARGET/ (seeded from shared/testdata/wpt).
# Exit status: 0 when all RUNS executed cleanly; non-zero on a build failure, a crash, a broken
# invariant (fatalError), a timeout (one input running over 5 s counts as a hang), an out-of-memory
# or a leak.
set -euo pipefail

usage() { echo "usage: $0 url|host [RUNS]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
TARGET=$1
RUNS=${2:-1000000}
case "$TARGET" in
    url) TARGET_FILE=FuzzURL.swift ;;
    host) TARGET_FILE=FuzzHost.swift ;;
    *) usage ;;
esac
[[ "$RUNS" =~ ^-?[0-9]+$ ]] || usage

FUZZ_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$FUZZ_DIR")
OUT="$FUZZ_DIR/.out"
CORPUS="$FUZZ_DIR/corpus-$TARGET"
BIN="$OUT/fuzz-$TARGET"
LOG="$OUT/$TARGET.log"
TESTDATA=${WEBFENCE_TESTDATA:-$ROOT/../shared/testdata/wpt}
mkdir -p "$OUT/artifacts" "$CORPUS"

# --- Build (skipped when the binary is newer than every source) -------------------------------
SOURCES=("$ROOT"/Sources/WebAddress/*.swift "$FUZZ_DIR/Targets/FuzzSupport.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
stale=1
if [[ -x "$BIN" ]]; then
    stale=0
    for source in "${SOURCES[@]}" "$0"; do if [[ "$source" -nt "$BIN" ]]; then stale=1; fi; done
fi
if [[ $stale == 1 ]]; then
    LINK=()
    if [[ "$(uname -s)" == Linux ]]; then
        # ICU ships with the toolchain as lib_FoundationICU, beside the Swift runtime (swiftc adds that
        # directory to the rpath). lld links ASan binaries without gold's "Cannot export" warnings.
        LINK=(-l_FoundationICU)
        if command -v ld.lld > /dev/null || [[ -x "$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld" ]]; then
            LINK+=(-use-ld=lld)
        fi
    fi
    echo "building $BIN ..." >&2
    start=$(date +%s)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name WebAddressFuzz \
        "${SOURCES[@]}" "${LINK[@]}" -o "$BIN.tmp"
    mv "$BIN.tmp" "$BIN"
    echo "built in $(( $(date +%s) - start )) s" >&2
fi

# --- Seed corpus from the WPT test data (file names are content hashes: reseeding is idempotent) --
python3 - "$TARGET" "$TESTDATA" "$CORPUS" <<'PY'
import hashlib, json, os, sys
target, testdata, corpus = sys.argv[1:]
seeds = set()
def load(name):
    path = os.path.join(testdata, name)
    if not os.path.exists(path):
        print(f"warning: {path} not found, not seeding from it", file=sys.stderr)
        return []
    with open(path, encoding="utf-8") as f:
        return [entry for entry in json.load(f) if isinstance(entry, dict)]
urltests = load("urltestdata.json")
if target == "url":
    for entry in urltests:
        seeds.add(entry["input"] + ("\n" + entry["base"] if entry.get("base") is not None else ""))
        seeds.add(entry["input"])
else:
    for entry in load("toascii.json") + load("IdnaTestV2.json"):
        seeds.add(entry["input"])
    for entry in urltests:
        if entry.get("hostname"):
            seeds.add(entry["hostname"])
written = 0
for seed in seeds:
    data = seed.encode("utf-8", "surrogatepass")
    path = os.path.join(corpus, "seed-" + hashlib.sha1(data).hexdigest())
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)
        written += 1
print(f"corpus {corpus}: {len(seeds)} seeds ({written} new), {len(os.listdir(corpus))} files", file=sys.stderr)
PY

# --- Fuzz ---------------------------------------------------------------------------------------
# Swift's own crash backtracer reads memory ASan treats as off limits and buries the report; let
# libFuzzer's deadly-signal handler print the stack instead.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
echo "fuzzing $TARGET for $RUNS runs; log: $LOG" >&2
start=$(date +%s)
set +e
# shellcheck disable=SC2086
"$BIN" -runs="$RUNS" -timeout=5 -max_len=4096 -rss_limit_mb=4096 -dict="$FUZZ_DIR/url.dict" \
    -artifact_prefix="$OUT/artifacts/$TARGET-" -print_final_stats=1 ${FUZZ_FLAGS:-} "$CORPUS" 2>&1 | tee "$LOG"
status=${PIPESTATUS[0]}
set -e
elapsed=$(( $(date +%s) - start ))

runs_done=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -1)
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$LOG" | tail -1)
coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$LOG" | tail -1 || true)
echo "== $TARGET: exit $status, ${runs_done:-?} runs in ${elapsed} s (${speed:-?} exec/s), ${coverage:-no coverage line}" | tee -a "$LOG" >&2
if [[ $status != 0 ]]; then
    echo "== $TARGET: FAILED: see $LOG and $OUT/artifacts/" | tee -a "$LOG" >&2
fi
exit "$status"

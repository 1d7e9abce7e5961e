#!/usr/bin/env bash
# Coverage-guided fuzzing of WebFence's parsers with libFuzzer.
#
#   Fuzz/run.sh TARGET [RUNS]      TARGET: url | host | json | scenario | aasa | pattern      RUNS: default 1000000
#   (extra libFuzzer flags can be passed in FUZZ_FLAGS, e.g. FUZZ_FLAGS="-max_total_time=60")
#
# How the `url` and `host` targets reach WebAddress: the target file (Fuzz/Targets/Fuzz<Target>.swift),
# the shared core and invariant checks (Fuzz/Targets/FuzzCore.swift, FuzzSupport.swift) and every Sources/WebAddress/*.swift are
# compiled by ONE swiftc call into ONE module, WebAddressFuzz. That is the simplest arrangement that works:
#   - WebAddress itself must be compiled with -sanitize=fuzzer,address to be coverage-instrumented,
#     which a module built by `swift build` is not;
#   - libFuzzer supplies main(), so the target is a library-style file (-parse-as-library) exporting
#     LLVMFuzzerTestOneInput with @_cdecl;
#   - in one module the target calls internal API (Host.parse, URLAPIFields, ...) directly: no
#     `import WebAddress`, no -enable-testing, no separate .swiftmodule to keep in step.
# The target files are named Fuzz*.swift because a module may not hold two files of the same name
# (Sources/WebAddress already has URLParser.swift and Host.swift).
#
# The `json`, `scenario`, `aasa` and `pattern` targets reach WebFence, whose sources import the
# policy modules, so the one-module trick does not work for them. Instead the modules are built
# separately, each with -sanitize=fuzzer,address (instrumented, no main), as static libraries with
# their .swiftmodule in Fuzz/.out/lib/ (WebAddress, StrictJSON, AppBound, AssociatedDomains, then
# WebFence, each importing the ones before; AssociatedDomains with -enable-testing, so that the
# `pattern` target can reach its internal matcher with `@testable import`); the target file and
# Fuzz/Targets/FuzzCore.swift and FuzzWebFenceSupport.swift make the module WebFenceFuzz, which defines
# LLVMFuzzerTestOneInput and links the libraries. Each library is rebuilt only when one of its sources, a library it
# imports or this script is newer; the target binary when any of them is.
#
# Output (all git-ignored): the binary and log in Fuzz/.out/, crash/timeout artifacts in
# Fuzz/.out/artifacts/, the working corpus in Fuzz/corpus-TARGET/ (seeded from shared/testdata/wpt,
# and for json/scenario from Examples/scenarios as well).
# Exit status: 0 when all RUNS executed cleanly; non-zero on a build failure, a crash, a broken
# invariant (fatalError), a timeout (one input running over 5 s counts as a hang), an out-of-memory
# or a leak.
set -euo pipefail

usage() { echo "usage: $0 url|host|json|scenario|aasa|pattern [RUNS]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
TARGET=$1
RUNS=${2:-1000000}
# KIND: `single` compiles WebAddress and the target into one module; `modules` links WebFence.
case "$TARGET" in
    url) TARGET_FILE=FuzzURL.swift KIND=single DICT=url.dict ;;
    host) TARGET_FILE=FuzzHost.swift KIND=single DICT=url.dict ;;
    json) TARGET_FILE=FuzzJSON.swift KIND=modules DICT=json.dict ;;
    scenario) TARGET_FILE=FuzzScenario.swift KIND=modules DICT=json.dict ;;
    aasa) TARGET_FILE=FuzzAASA.swift KIND=modules DICT=aasa.dict ;;
    pattern) TARGET_FILE=FuzzPattern.swift KIND=modules DICT=aasa.dict ;;
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
LINK=()
if [[ "$(uname -s)" == Linux ]]; then
    # ICU ships with the toolchain as lib_FoundationICU, beside the Swift runtime (swiftc adds that
    # directory to the rpath). lld links ASan binaries without gold's "Cannot export" warnings.
    LINK=(-l_FoundationICU)
    if command -v ld.lld > /dev/null || [[ -x "$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld" ]]; then
        LINK+=(-use-ld=lld)
    fi
fi

# is_stale OUTPUT INPUT...: true when OUTPUT is missing or an input (or this script) is newer.
is_stale() {
    local output=$1 input
    shift
    [[ -e "$output" ]] || return 0
    for input in "$@" "$0"; do if [[ "$input" -nt "$output" ]]; then return 0; fi; done
    return 1
}

if [[ $KIND == single ]]; then
    SOURCES=("$ROOT"/Sources/WebAddress/*.swift "$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/FuzzSupport.swift"
        "$FUZZ_DIR/Targets/$TARGET_FILE")
    if is_stale "$BIN" "${SOURCES[@]}"; then
        echo "building $BIN ..." >&2
        start=$(date +%s)
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name WebAddressFuzz \
            "${SOURCES[@]}" "${LINK[@]}" -o "$BIN.tmp"
        mv "$BIN.tmp" "$BIN"
        echo "built in $(( $(date +%s) - start )) s" >&2
    fi
else
    LIB="$OUT/lib"
    mkdir -p "$LIB"
    # build_module NAME DEPENDENCY-LIBS... -- SOURCES...: an instrumented static library and its module.
    build_module() {
        local name=$1 dependencies=() sources
        shift
        while [[ $1 != -- ]]; do dependencies+=("$1"); shift; done
        shift
        sources=("$@")
        if is_stale "$LIB/lib$name.a" "${dependencies[@]}" "${sources[@]}"; then
            echo "building $LIB/lib$name.a ..." >&2
            local start=$(date +%s)
            rm -f "$LIB/lib$name.a"
            swiftc -sanitize=fuzzer,address -parse-as-library -O -g -wmo -enable-testing -module-name "$name" -I "$LIB" \
                -emit-module -emit-module-path "$LIB/$name.swiftmodule" -emit-library -static \
                "${sources[@]}" -o "$LIB/lib$name.a.tmp"
            mv "$LIB/lib$name.a.tmp" "$LIB/lib$name.a"
            echo "built in $(( $(date +%s) - start )) s" >&2
        fi
    }
    mapfile -t WEBFENCE_SOURCES < <(find "$ROOT/Sources/WebFence" -name '*.swift' | LC_ALL=C sort)
    build_module WebAddress -- "$ROOT"/Sources/WebAddress/*.swift
    build_module StrictJSON -- "$ROOT"/Sources/StrictJSON/*.swift
    build_module AppBound "$LIB/libWebAddress.a" -- "$ROOT"/Sources/AppBound/*.swift
    build_module AssociatedDomains "$LIB/libWebAddress.a" "$LIB/libStrictJSON.a" -- "$ROOT"/Sources/AssociatedDomains/*.swift
    LIBS=("$LIB/libWebAddress.a" "$LIB/libStrictJSON.a" "$LIB/libAppBound.a" "$LIB/libAssociatedDomains.a")
    build_module WebFence "${LIBS[@]}" -- "${WEBFENCE_SOURCES[@]}"
    SOURCES=("$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/FuzzWebFenceSupport.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
    if is_stale "$BIN" "${SOURCES[@]}" "${LIBS[@]}" "$LIB/libWebFence.a"; then
        echo "building $BIN ..." >&2
        start=$(date +%s)
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name WebFenceFuzz -I "$LIB" \
            "${SOURCES[@]}" -L "$LIB" -lWebFence -lAssociatedDomains -lAppBound -lStrictJSON -lWebAddress "${LINK[@]}" \
            -o "$BIN.tmp"
        mv "$BIN.tmp" "$BIN"
        echo "built in $(( $(date +%s) - start )) s" >&2
    fi
fi

# --- Seed corpus (file names are content hashes: reseeding is idempotent) -------------------------
# url/host: from the WPT test data. json: the scenario examples, each urltestdata.json and
# toascii.json entry as a JSON object (escaped and raw), and hand-made edge cases. scenario: the
# scenario examples and a few hand-made ones.
python3 - "$TARGET" "$TESTDATA" "$CORPUS" "$ROOT/Examples/scenarios" "$ROOT/Examples/aasa" <<'PY'
import glob, hashlib, json, os, sys
target, testdata, corpus, examples, aasa_examples = sys.argv[1:]
seeds = set()
def load(name):
    path = os.path.join(testdata, name)
    if not os.path.exists(path):
        print(f"warning: {path} not found, not seeding from it", file=sys.stderr)
        return []
    with open(path, encoding="utf-8") as f:
        return [entry for entry in json.load(f) if isinstance(entry, dict)]
def scenario_examples():
    paths = sorted(glob.glob(os.path.join(examples, "*.json")))
    if not paths:
        print(f"warning: no scenario in {examples}, not seeding from it", file=sys.stderr)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            yield f.read()
if target == "url":
    for entry in load("urltestdata.json"):
        seeds.add(entry["input"] + ("\n" + entry["base"] if entry.get("base") is not None else ""))
        seeds.add(entry["input"])
elif target == "host":
    urltests = load("urltestdata.json")
    for entry in load("toascii.json") + load("IdnaTestV2.json"):
        seeds.add(entry["input"])
    for entry in urltests:
        if entry.get("hostname"):
            seeds.add(entry["hostname"])
elif target == "json":
    seeds.update(scenario_examples())
    for entry in load("urltestdata.json"):
        seeds.add(json.dumps(entry, ensure_ascii=True))
    for entry in load("toascii.json"):
        seeds.add(json.dumps(entry, ensure_ascii=False))
    seeds.update([
        "null", "true", "false", "0", "-0", "-0.0", "1.5e-3", "1E+2", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "1e308", "5e-324", "123456789012345678901234567890",
        '""', '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f"', '"\\ud83d\\ude00"', '"\\ud800"', '"\\udc00x"',
        '"\\ud800\\u0041"', '"\\ud800\\ud800\\udc00"', "\ufeff[1]", '"\u2028\u2029\ufeff\U0001F600"',
        '"e\u0301"', '{"caf\\u00e9": 1, "cafe\\u0301": 2}', '{"a": 1, "b": [1, 2.5, {}, [], null]}',
        " [ 1 , { \"k\" : \"v\" } ] ", "[" * 512 + "]" * 512, "[" * 513 + "]" * 513, '{"a":' * 100 + "1" + "}" * 100,
    ])
elif target == "aasa":
    for path in sorted(glob.glob(os.path.join(aasa_examples, "*.json"))):
        with open(path, encoding="utf-8") as f:
            seeds.add(f.read())
    seeds.update([
        '{"applinks":{"details":{"ABCDE12345.com.example.app":{"paths":["/a/*","NOT /b/*","*"]}}}}',
        '{"applinks":{"defaults":{"caseSensitive":false,"#":"x"},"details":[{"appIDs":["ABCDE12345.com.example.app"],'
        '"defaults":{"percentEncoded":false},"components":[{"/":"/$(lang)_$(region)/*"},{"?":{"q":"?*"}},{}]}]}}',
        '{"webcredentials":{"apps":["ABCDE12345.com.example.app",1]},"appclips":{"apps":[]}}',
    ])
elif target == "pattern":
    seeds.update([
        "/buy/*\n/buy/42/", "!/Buy/*\n/bUY/", "/$(lang)_$(region)/$(v)/\n/en_GB/aaa/", "*a*a*a*b\n" + "a" * 60,
        "$(w)\nx$(v)", "$(e)\n", "/id/????\n/id/4815/", "$(upper)$(lower)$(digit)$(xdigit)$(alnum)$(alpha)\nAb9fZz",
        "!$(upper)\n\u00e9", "?*\n", "", "/\u54c8/?*\n/\u54c8/x/", "$(region\n$(region", "**//a//**\n/a/",
    ])
else:
    seeds.update(scenario_examples())
    seeds.update([
        '{"name": "s", "app": {"infoPlistFile": "missing.plist"}}',
        '{"name": "s", "app": {"infoPlistFile": "Info.plist", "entitlementsFile": "App.entitlements"},'
        ' "webViews": [{"id": "w", "userStyleSheets": 1}],'
        ' "steps": [{"webView": "w", "load": "https://webkit.org/"}, {"webView": "w", "styleSheetApplied": {}}]}',
    ])
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
"$BIN" -runs="$RUNS" -timeout=5 -max_len=4096 -rss_limit_mb=4096 -dict="$FUZZ_DIR/$DICT" \
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

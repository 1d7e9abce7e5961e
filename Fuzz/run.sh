#!/usr/bin/env bash
# Coverage-guided fuzzing of WebFence's parsers with libFuzzer.
#
#   Fuzz/run.sh TARGET [RUNS]      TARGET: url | host | idna | json | scenario | aasa | pattern | rules | macho | zip
#                                          | xml | framework | multipart | form
#                                  RUNS: default 1000000
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
# The `json`, `scenario`, `aasa` and `pattern` targets reach Scenarios, whose sources import the
# policy modules, so the one-module trick does not work for them. Instead the modules are built
# separately, each with -sanitize=fuzzer,address (instrumented, no main), as static libraries with
# their .swiftmodule in Fuzz/.out/lib/ (WebAddress, StrictJSON, AppBound, AssociatedDomains, then
# Scenarios, each importing the ones before; AssociatedDomains with -enable-testing, so that the
# `pattern` target can reach its internal matcher with `@testable import`); the target file and
# Fuzz/Targets/FuzzCore.swift and FuzzWebFenceSupport.swift make the module WebFenceFuzz, which defines
# LLVMFuzzerTestOneInput and links the libraries. Each library is rebuilt only when one of its sources, a library it
# imports or this script is newer; the target binary when any of them is.
#
# The `rules` target reaches NavigationRules, which imports swift-crypto's `Crypto` (Ed25519 for
# signed rule sets); AppManifest imports Crypto, swift-certificates' `X509`, swift-asn1's `SwiftASN1`
# and `ZIPFoundation`. These packages are C (BoringSSL) and Swift with SwiftPM-specific module maps,
# so they are not rebuilt by hand: SwiftPM builds them once (one `swift build --target` each of
# Crypto, SwiftASN1, X509, ZIPFoundation), uninstrumented, in release, in this script's own scratch
# directory Fuzz/.out/spm (never the project's .build, which other builds use), at the versions of
# Package.resolved; their object files become Fuzz/.out/lib/libPackageDeps.a and their .swiftmodule
# files are copied beside the others. ZIPFoundation's module imports the system-library module CZlib
# (zlib's header, a module map in ZIPFoundation's Sources/CZLib), which every later compile that
# loads it must find: the module map is copied to Fuzz/.out/lib/CZLib/, passed with -I, and zlib is
# linked with -lz. Then WebAddress, StrictJSON, Findings (when Sources/Findings exists)
# and NavigationRules are built instrumented as above, and FuzzCore.swift with the target file make the
# module NavigationRulesFuzz (no WebFence: the target reaches NavigationRules' public API only).
# Scenarios imports NavigationRules and ManagedWebViews too, so the Scenarios targets build the same
# libraries, plus those two, WebFenceNavigation and AppManifest.
#
# The `macho` and `zip` targets (KIND `app`) reach AppManifest alone: StrictJSON and AppManifest are
# built instrumented as above, and FuzzCore.swift with the target file make the module
# AppManifestFuzz. `macho` also compiles three files of Tests/AppFixtures into it (MachOBuilder,
# CodeSignatureBuilder, DEREntitlementsEncoder: they import only Foundation, Crypto and StrictJSON),
# whose builders write its seed corpus at start-up (FUZZ_SEED_DIR, read by LLVMFuzzerInitialize).
#
# Output (all git-ignored): the binary and log in Fuzz/.out/, crash/timeout artifacts in
# Fuzz/.out/artifacts/, the working corpus in Fuzz/corpus-TARGET/ (seeded from shared/testdata/wpt,
# for json/scenario from Examples/scenarios as well, for aasa from Examples/aasa, for rules from
# Examples/rules), and for `rules` the SwiftPM scratch directory Fuzz/.out/spm.
# Exit status: 0 when all RUNS executed cleanly; non-zero on a build failure, a crash, a broken
# invariant (fatalError), a timeout (one input running over 5 s counts as a hang), an out-of-memory
# or a leak.
set -euo pipefail

usage() { echo "usage: $0 url|host|idna|json|scenario|aasa|pattern|rules|macho|zip|xml|framework|multipart|form [RUNS]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
TARGET=$1
RUNS=${2:-1000000}
# KIND: `single` compiles WebAddress and the target into one module; `modules` links WebFence;
# `rules` links NavigationRules alone; `app` links AppManifest alone. EXTRA: more sources compiled
# into the target's module. DICT may name no file (no dictionary). FLAGS: libFuzzer flags of the target.
EXTRA=()
FLAGS=()
case "$TARGET" in
    url) TARGET_FILE=FuzzURL.swift KIND=single DICT=url.dict ;;
    host) TARGET_FILE=FuzzHost.swift KIND=single DICT=url.dict ;;
    # ICU is the reference here, linked into this target alone (Linux toolchains ship it).
    idna) TARGET_FILE=FuzzIDNA.swift KIND=single DICT=url.dict ;;
    json) TARGET_FILE=FuzzJSON.swift KIND=modules DICT=json.dict ;;
    scenario) TARGET_FILE=FuzzScenario.swift KIND=modules DICT=json.dict ;;
    aasa) TARGET_FILE=FuzzAASA.swift KIND=modules DICT=aasa.dict ;;
    pattern) TARGET_FILE=FuzzPattern.swift KIND=modules DICT=aasa.dict ;;
    rules) TARGET_FILE=FuzzRules.swift KIND=rules DICT=rules.dict ;;
    # -detect_leaks=0: Foundation leaks on every plist that fails to parse (see lsan.supp), and a
    # leak check after each such input made the target 30 times slower. Leaks are still checked
    # at exit, where anything AppManifest leaked is still leaked.
    macho) TARGET_FILE=FuzzMachO.swift KIND=app DICT=macho.dict FLAGS=(-detect_leaks=0)
        EXTRA=(MachOBuilder.swift CodeSignatureBuilder.swift DEREntitlementsEncoder.swift) ;;
    zip) TARGET_FILE=FuzzZip.swift KIND=app DICT=zip.dict ;;
    # StrictXML imports nothing: compiled with the target into one module, as `single` does WebAddress.
    xml) TARGET_FILE=FuzzXML.swift KIND=xml DICT=xml.dict ;;
    # webfence serve's upload reader: its one file and the target, one module.
    multipart) TARGET_FILE=FuzzMultipart.swift KIND=multipart DICT=multipart.dict ;;
    form) TARGET_FILE=FuzzForm.swift KIND=form DICT=multipart.dict ;;
    framework) TARGET_FILE=FuzzFramework.swift KIND=modules DICT=xml.dict ;;
    *) usage ;;
esac
[[ "$RUNS" =~ ^-?[0-9]+$ ]] || usage

FUZZ_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$FUZZ_DIR")
OUT="$FUZZ_DIR/.out"
CORPUS="$FUZZ_DIR/corpus-$TARGET"
BIN="$OUT/fuzz-$TARGET"
LOG="$OUT/$TARGET.log"
TESTDATA=${WEBFENCE_TESTDATA:-$ROOT/Tests/Corpora}/wpt
mkdir -p "$OUT/artifacts" "$CORPUS"

# --- Build (skipped when the binary is newer than every source) -------------------------------
LINK=()
if [[ "$(uname -s)" == Linux ]]; then
    # The idna target's reference, ICU, ships with the toolchain as lib_FoundationICU, beside the
    # Swift runtime (swiftc adds that directory to the rpath); WebAddress itself needs no ICU.
    # lld links ASan binaries without gold's "Cannot export" warnings.
    if [[ $TARGET == idna ]]; then LINK=(-l_FoundationICU); fi
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

if [[ $KIND == multipart || $KIND == xml ]]; then
    # One module of the reader's own files and the target: the reader imports nothing of ours.
    if [[ $KIND == multipart ]]; then
        MODULE=MultipartFuzz
        SOURCES=("$ROOT"/Sources/WebFenceServer/Uploads/MultipartFormData.swift "$FUZZ_DIR/Targets/FuzzCore.swift")
    else
        MODULE=StrictXMLFuzz
        SOURCES=("$ROOT"/Sources/StrictXML/*.swift)
    fi
    SOURCES+=("$FUZZ_DIR/Targets/$TARGET_FILE")
    if is_stale "$BIN" "${SOURCES[@]}"; then
        echo "building $BIN ..." >&2
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name "$MODULE" "${SOURCES[@]}" \
            "${LINK[@]}" -o "$BIN.tmp"
        mv "$BIN.tmp" "$BIN"
    fi
elif [[ $KIND == single ]]; then
    mapfile -t WEBADDRESS < <(find "$ROOT/Sources/WebAddress" -name '*.swift' | sort)
    SOURCES=("${WEBADDRESS[@]}" "$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/FuzzSupport.swift"
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
                -I "$LIB/CZLib" -emit-module -emit-module-path "$LIB/$name.swiftmodule" -emit-library -static \
                "${sources[@]}" -o "$LIB/lib$name.a.tmp"
            mv "$LIB/lib$name.a.tmp" "$LIB/lib$name.a"
            echo "built in $(( $(date +%s) - start )) s" >&2
        fi
    }
    # build_package_deps: the packages' libraries and everything they link, built by SwiftPM (see the top).
    DEPENDENCY_TARGETS=(Crypto SwiftASN1 X509 ZIPFoundation)
    build_package_deps() {
        local spm="$OUT/spm" resolved=() pinned=() target
        if [[ -e "$ROOT/Package.resolved" ]]; then
            resolved=("$ROOT/Package.resolved")
            pinned=(--only-use-versions-from-resolved-file)
        fi
        # The stamp records the last check and the targets built; the archive is replaced only when
        # its contents change, so that a touched Package.resolved does not rebuild every library.
        if is_stale "$LIB/PackageDeps.stamp" "${resolved[@]}" || [[ ! -e "$LIB/libPackageDeps.a" ]] \
            || [[ "$(cat "$LIB/PackageDeps.stamp")" != "${DEPENDENCY_TARGETS[*]}" ]]; then
            echo "building $LIB/libPackageDeps.a with SwiftPM in $spm (about 6 min the first time) ..." >&2
            local start=$(date +%s)
            for target in "${DEPENDENCY_TARGETS[@]}"; do
                swift build --package-path "$ROOT" --scratch-path "$spm" -c release "${pinned[@]}" --target "$target" >&2
            done
            rm -f "$LIB/libPackageDeps.a.tmp"
            # Only these targets' closures are ever built in this scratch directory: every object file is one of theirs.
            # (-H: release is a symbolic link to the triple's directory.)
            local objects
            mapfile -d '' objects < <(find -H "$spm/release" -path '*.build/*' -name '*.o' -print0 | LC_ALL=C sort -z)
            if [[ ${#objects[@]} == 0 ]]; then echo "no object files in $spm/release" >&2; exit 1; fi
            ar qcD "$LIB/libPackageDeps.a.tmp" "${objects[@]}"
            ranlib -D "$LIB/libPackageDeps.a.tmp"
            if cmp -s "$LIB/libPackageDeps.a.tmp" "$LIB/libPackageDeps.a"; then
                rm "$LIB/libPackageDeps.a.tmp"
            else
                cp "$spm/release/Modules/"*.swiftmodule "$LIB/"
                mkdir -p "$LIB/CZLib"
                cp "$spm/checkouts/ZIPFoundation/Sources/CZLib/"* "$LIB/CZLib/"
                mv "$LIB/libPackageDeps.a.tmp" "$LIB/libPackageDeps.a"
            fi
            echo "${DEPENDENCY_TARGETS[*]}" > "$LIB/PackageDeps.stamp"
            echo "done in $(( $(date +%s) - start )) s" >&2
        fi
    }
    build_package_deps
    build_module StrictJSON -- "$ROOT"/Sources/StrictJSON/*.swift
    mapfile -t WEBADDRESS < <(find "$ROOT/Sources/WebAddress" -name '*.swift' | sort)
    build_module WebAddress -- "${WEBADDRESS[@]}"
    # Findings (the linters' shared finding type) became a module of its own; older trees keep it
    # in AssociatedDomains and NavigationRules.
    FINDINGS=()
    if [[ -d "$ROOT/Sources/Findings" ]]; then
        build_module Findings -- "$ROOT"/Sources/Findings/*.swift
        FINDINGS=("$LIB/libFindings.a")
    fi
    build_module NavigationRules "$LIB/libWebAddress.a" "$LIB/libStrictJSON.a" "${FINDINGS[@]}" \
        "$LIB/libPackageDeps.a" -- "$ROOT"/Sources/NavigationRules/*.swift
    if [[ $KIND == form ]]; then
        # The page's form reader: its two files, on WebAddress's percent-decoding.
        MODULE=FormFuzz
        LIBS=("$LIB/libWebAddress.a")
        SOURCES=("$FUZZ_DIR/Targets/FuzzCore.swift" "$ROOT/Sources/WebFenceServer/Pages/FormBody.swift"
            "$ROOT/Sources/WebFenceServer/Uploads/MultipartFormData.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
    fi
    if [[ $KIND != rules && $KIND != form ]]; then
        # AppManifest reads what an app declares into AppBound's and AssociatedDomains' types (D104).
        build_module AppBound "$LIB/libWebAddress.a" -- "$ROOT"/Sources/AppBound/*.swift
        build_module AssociatedDomains "$LIB/libWebAddress.a" "$LIB/libStrictJSON.a" "${FINDINGS[@]}" \
            -- "$ROOT"/Sources/AssociatedDomains/*.swift
        mapfile -t APPMANIFEST < <(find "$ROOT/Sources/AppManifest" -name '*.swift' | LC_ALL=C sort)
        build_module AppManifest "$LIB/libStrictJSON.a" "$LIB/libAppBound.a" "$LIB/libAssociatedDomains.a" \
            "${FINDINGS[@]}" "$LIB/libWebAddress.a" "$LIB/libPackageDeps.a" -- "${APPMANIFEST[@]}"
    fi
    if [[ $KIND == form ]]; then
        :
    elif [[ $KIND == app ]]; then
        MODULE=AppManifestFuzz
        LIBS=("$LIB/libAppManifest.a" "$LIB/libAssociatedDomains.a" "$LIB/libAppBound.a" "${FINDINGS[@]}"
            "$LIB/libStrictJSON.a" "$LIB/libWebAddress.a")
        SOURCES=("$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
        for file in "${EXTRA[@]}"; do SOURCES+=("$ROOT/Tests/AppFixtures/$file"); done
    elif [[ $KIND == rules ]]; then
        MODULE=NavigationRulesFuzz
        LIBS=("$LIB/libNavigationRules.a" "${FINDINGS[@]}" "$LIB/libStrictJSON.a" "$LIB/libWebAddress.a")
        SOURCES=("$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
    else
        mapfile -t WEBFENCE_SOURCES < <(find "$ROOT/Sources/Scenarios" -name '*.swift' | LC_ALL=C sort)
        build_module ManagedWebViews "$LIB/libWebAddress.a" -- "$ROOT"/Sources/ManagedWebViews/*.swift
        LIBS=("$LIB/libAssociatedDomains.a" "$LIB/libAppBound.a" "$LIB/libManagedWebViews.a" "$LIB/libAppManifest.a"
            "$LIB/libNavigationRules.a" "${FINDINGS[@]}" "$LIB/libStrictJSON.a" "$LIB/libWebAddress.a")
        # Hybrid frameworks (issue 17): their policies, imported by the pipeline, and their
        # configuration readers (D102), which read JSON, Cordova's config.xml and rule sets.
        FRAMEWORK_LIBS=()
        if [[ -d "$ROOT/Sources/HybridFrameworks" ]]; then
            mapfile -t HYBRID < <(find "$ROOT/Sources/HybridFrameworks" -name '*.swift' | LC_ALL=C sort)
            build_module StrictXML -- "$ROOT"/Sources/StrictXML/*.swift
            build_module HybridFrameworks "$LIB/libWebAddress.a" "$LIB/libStrictJSON.a" "$LIB/libStrictXML.a" \
                "${FINDINGS[@]}" "$LIB/libNavigationRules.a" "$LIB/libPackageDeps.a" -- "${HYBRID[@]}"
            FRAMEWORK_LIBS=("$LIB/libHybridFrameworks.a" "$LIB/libStrictXML.a")
            LIBS=("$LIB/libHybridFrameworks.a" "$LIB/libStrictXML.a" "${LIBS[@]}")
        fi
        # The navigation pipeline (issue 16) became a module of its own, between the policies and Scenarios.
        if [[ -d "$ROOT/Sources/WebFenceNavigation" ]]; then
            build_module WebFenceNavigation "$LIB/libAppBound.a" "$LIB/libManagedWebViews.a" "$LIB/libNavigationRules.a" \
                "${FRAMEWORK_LIBS[@]}" "$LIB/libWebAddress.a" -- "$ROOT"/Sources/WebFenceNavigation/*.swift
            LIBS=("$LIB/libWebFenceNavigation.a" "${LIBS[@]}")
        fi
        build_module Scenarios "${LIBS[@]}" -- "${WEBFENCE_SOURCES[@]}"
        LIBS=("$LIB/libScenarios.a" "${LIBS[@]}")
        MODULE=WebFenceFuzz
        SOURCES=("$FUZZ_DIR/Targets/FuzzCore.swift" "$FUZZ_DIR/Targets/FuzzWebFenceSupport.swift" "$FUZZ_DIR/Targets/$TARGET_FILE")
    fi
    LIBS+=("$LIB/libPackageDeps.a")
    LINK_LIBS=()
    for library in "${LIBS[@]}"; do LINK_LIBS+=("-l$(basename "$library" .a | sed 's/^lib//')"); done
    if is_stale "$BIN" "${SOURCES[@]}" "${LIBS[@]}"; then
        echo "building $BIN ..." >&2
        start=$(date +%s)
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name "$MODULE" -I "$LIB" -I "$LIB/CZLib" \
            "${SOURCES[@]}" -L "$LIB" "${LINK_LIBS[@]}" -lz "${LINK[@]}" -o "$BIN.tmp"
        mv "$BIN.tmp" "$BIN"
        echo "built in $(( $(date +%s) - start )) s" >&2
    fi
fi

# --- Seed corpus (file names are content hashes: reseeding is idempotent) -------------------------
# url/host: from the WPT test data. json: the scenario examples, each urltestdata.json and
# toascii.json entry as a JSON object (escaped and raw), and hand-made edge cases. scenario: the
# scenario examples and a few hand-made ones. rules: every Examples/rules/*.json and the rule sets of
# Tests/NavigationRulesTests (BypassTests, the D41 tests) on one line, each with URLs (the bypass
# attempts, the hosts they trust, the D41 paths), plain (`0`) and signed (`1`); signed envelopes
# (`2`); key files (`3`).
python3 - "$TARGET" "$TESTDATA" "$CORPUS" "$ROOT/Examples/scenarios" "$ROOT/Examples/aasa" "$ROOT/Examples/rules" <<'PY'
import glob, hashlib, json, os, sys
target, testdata, corpus, examples, aasa_examples, rules_examples = sys.argv[1:]
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
elif target in ("host", "idna"):
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
elif target == "rules":
    # The first byte selects the mode (see Targets/FuzzRules.swift); the digits keep seeds readable.
    rule_sets = []
    for path in sorted(glob.glob(os.path.join(rules_examples, "*.json"))):
        with open(path, encoding="utf-8") as f:
            rule_sets.append(json.dumps(json.load(f), ensure_ascii=False))
    rule_sets += [
        '{"allow": ["example.com"]}', '{"allow": ["=example.com", "=www.example.com"]}', '{"allow": ["*.example.com"]}',
        '{"allow": [{"host": "example.com", "schemes": ["https", "http"], "ports": [443, 80, 8443], "paths": ["/"]}]}',
        '{"allow": [{"host": "127.0.0.1", "schemes": ["http", "https"]}, {"host": "::1", "schemes": ["http", "https"]}]}',
        '{"allow": ["example.com"], "deny": ["evil.example.com"]}', '{"allow": ["example.com"], "otherwise": "openExternally"}',
        # RuleLanguageTests' paths (D41): strict under an allow prefix, wide under an exception's.
        '{"allow": [{"host": "api.example.com", "paths": ["/v1/"]}]}',
        '{"allow": ["example.com"], "deny": [{"host": "example.com", "paths": ["/admin/"]}]}',
        '{"version": 9, "expires": "2030-01-01T00:00:00Z", "allow": ["example.com", {"host": "api.example.com", "paths": ["/v1", "/static/"]},'
        ' {"host": "[::1]", "schemes": ["ws", "wss"], "ports": [8080]}], "deny": [{"host": "example.com", "paths": ["/admin"]},'
        ' {"host": "*.cdn.example.com", "schemes": ["http"], "ports": [8080]}], "allowSchemes": ["data:", "about:srcdoc", "myapp:"]}',
        '{"version": 2, "expires": "2020-01-01T00:00:00Z", "allow": ["B\u00fccher.DE", "0x7f.1", "=Login.Example.ORG."]}',
    ]
    urls = [
        "https://notexample.com/", "https://example.com.evil.com/", "https://example.com@evil.com/",
        "https://evil.com\\@example.com/", "https:\\\\evil.com\\www.example.com", "https://example%2ecom.evil.com/",
        "https://%65vil.com/", "https://evil.com./", "https://EVIL.COM/EXAMPLE.COM", "https://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d/",
        "https://ex\u00adample.com.evil.com/", "https://2130706434/", "http://0x7f.0.0.2/", "http://[::ffff:127.0.0.1]/",
        "  https://evil.com/example.com  ", "\thttps://ev\til.com/", "javascript:alert('example.com')",
        "data:text/html,<a href=https://example.com>", "blob:https://example.com/7d3e0c1a", "file:///example.com",
        "myapp://example.com/", "ftp://example.com/", "about:blank#example.com", "about:srcdoc",
        "https://example.com/", "https://login.example.com/a", "https://EXAMPLE.com./", "https://evil.com@example.com/",
        "https://a.b.example.com/", "http://127.0.0.1/", "http://0x7f.1/", "http://[0:0::1]/", "https://example.com:8443/x",
        "http://example.com/", "ws://[::1]:8080/", "wss://a.cdn.example.com/", "https://api.example.com/v1",
        "https://api.example.com/v10", "https://api.example.com/v1/%2e%2e/admin", "https://api.example.com/static/x%2F..",
        "https://example.com/admin/x", "https://shop.example/", "https://x.shop.example/", "https://login.example.org/",
        "https://ads.cdn.example.net/", "https://img.cdn.example.net/", "https://cdn.example.net/",
        "https://api.shop.example:8443/v1/items", "https://api.shop.example/v2/", "https://xn--bcher-kva.de/",
        "https://api.example.com/v1/..;/admin", "https://api.example.com/v1/.;/x", "https://api.example.com/v1/a;b",
        "https://api.example.com/v1/%252e%252e%252fadmin", "https://api.example.com/v1/..%00/admin",
        "https://api.example.com/v1/%2E%2E%2Fadmin", "https://api.example.com/v1/..%5cadmin", "https://api.example.com/v1/ok",
        "https://example.com/ADMIN/x", "https://example.com/%61dmin/x", "https://example.com/%2561dmin/x",
        "https://example.com//admin/x", "https://example.com/admin;jsessionid=1/x", "https://example.com/admin%2fx",
        "https://example.com/x/%2e%2e/admin/y", "https://example.com/public/..%2fadmin/y", "https://example.com/admin%5Cx",
        "https://example.com/administrator", "https://example.com/public/admin",
    ]
    groups = [urls[index:index + 12] for index in range(0, len(urls), 12)]
    # Every rule set with every group of URLs (the target reads 32 URLs at most), and signed once.
    for number, rule_set in enumerate(rule_sets):
        for group in groups:
            seeds.add("0" + rule_set + "\n" + "\n".join(group))
        seeds.add("1" + rule_set + "\n" + "\n".join(groups[number % len(groups)]))
    # Signed with the target's fixed key (webfence rules sign; key ID 88bcfa037028a16a): seed 003 and
    # shop as one-line JSON, a set with addresses, ports, paths and allowSchemes, and an expired one.
    envelope = '{"format":"webfence.rules.signed.v1","keyID":"88bcfa037028a16a","ruleSet":"%s","signature":"%s"}'
    envelopes = [envelope % pair for pair in [
        ("eyJ2ZXJzaW9uIjogMSwgImRlc2NyaXB0aW9uIjogIlNlZWQgMDAzJ3MgQnJvd3NlclZpZXdDb250cm9sbGVyIGxpc3QsIGFzIGEgcnVsZSBzZXQ6IGVhY2ggZG9tYWluIGFuZCBpdHMgc3ViZG9tYWlucywgaHR0cHMgb25seS4iLCAiYWxsb3ciOiBbImV4YW1wbGUuY29tIiwgImF1dGguZXhhbXBsZS5jb20iXX0=",
         "JFJN3zENoe7DY/vjOym1jCoYauIqUGZQZM7ceCp22vVSrBGUYYdts+S8ag7Nay+Mxvt5S6APVi5cORYVcbdaCw=="),
        ("eyJ2ZXJzaW9uIjogNywgImRlc2NyaXB0aW9uIjogIkEgc2hvcHBpbmcgYXBwOiBpdHMgb3duIHNpdGUsIGFuIGV4YWN0IGxvZ2luIGhvc3QsIGEgQ0ROJ3Mgc3ViZG9tYWlucyBidXQgbm90IGl0cyBhZCBzZXJ2ZXIsIGFuZCBvbmUgdmVyc2lvbiBvZiBpdHMgQVBJLiIsICJhbGxvdyI6IFsiPXNob3AuZXhhbXBsZSIsICI9bG9naW4uZXhhbXBsZS5vcmciLCAiKi5jZG4uZXhhbXBsZS5uZXQiLCB7Imhvc3QiOiAiYXBpLnNob3AuZXhhbXBsZSIsICJzY2hlbWVzIjogWyJodHRwcyJdLCAicG9ydHMiOiBbNDQzLCA4NDQzXSwgInBhdGhzIjogWyIvdjEvIl19XSwgImRlbnkiOiBbImFkcy5jZG4uZXhhbXBsZS5uZXQiXSwgImFsbG93U2NoZW1lcyI6IFsiYWJvdXQ6YmxhbmsiXSwgIm90aGVyd2lzZSI6ICJvcGVuRXh0ZXJuYWxseSJ9",
         "b7O2vM/s2ea86tGu19M+SZ9CBZOcw8d9K45bKm8fPt23jZOOon/OCRVekwBBF/5d05tC+UCHcfj7ibqjIrCFCQ=="),
        ("eyJ2ZXJzaW9uIjo5LCJleHBpcmVzIjoiMjAzMC0wMS0wMVQwMDowMDowMFoiLCJhbGxvdyI6WyJleGFtcGxlLmNvbSIseyJob3N0IjoiMTI3LjAuMC4xIiwic2NoZW1lcyI6WyJodHRwIiwiaHR0cHMiXX0seyJob3N0IjoiOjoxIiwic2NoZW1lcyI6WyJ3cyIsIndzcyJdLCJwb3J0cyI6WzgwODBdfV0sImRlbnkiOlt7Imhvc3QiOiJldmlsLmV4YW1wbGUuY29tIiwicGF0aHMiOlsiL2FkbWluIl19XSwiYWxsb3dTY2hlbWVzIjpbImRhdGE6IiwiYWJvdXQ6c3JjZG9jIl19",
         "i72bvvMaQtzI9t3H0osPOuivRKtr8+cGWGXJi0jpMX8B/9kJCaSbEXMraOuu+ntR0a60qW2GSCugak5pDLc4Dg=="),
        ("eyJ2ZXJzaW9uIjoyLCJleHBpcmVzIjoiMjAyMC0wMS0wMVQwMDowMDowMFoiLCJhbGxvdyI6WyJleGFtcGxlLm9yZyJdfQ==",
         "95O9B2sjNQq5kRxNSW0B8mda1Dr68OglvJILIZNyN6BPqBUw9bLbweC7n0zQ3Sl805Hy/tt1RRMo56wsHoLXCw=="),
    ]]
    for number, text in enumerate(envelopes):
        seeds.add("2" + text + "\n" + "\n".join(groups[number % len(groups)]))
    seeds.update([
        '2{"format":"webfence.rules.signed.v1","keyID":"0000000000000000","ruleSet":"e30=","signature":"AAAA"}',
        '2{"format":"webfence.rules.signed.v1","keyID":"88bcfa037028a16a","ruleSet":"e30=","signature":"' + "A" * 86 + '=="}',
        '2{"format":"webfence.rules.signed.v0","keyID":"88bcfa037028a16a","ruleSet":"","signature":"","extra":1}',
        "2[]", "2",
    ])
    private_pem = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIFdC0LbSJErNU9hOOLZVHJY0784meqOHEm9g7xp/Ro2C\n-----END PRIVATE KEY-----\n"
    public_pem = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAoFIPbOEbBRfBv5zoBX+u+PZYHmviwzyglUr/VLTIMfk=\n-----END PUBLIC KEY-----\n"
    seeds.update([
        "3" + private_pem, "3" + public_pem, "3" + public_pem + private_pem, "3" + private_pem.replace("\n", "\r\n"),
        "3-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI" + "A" * 43 + "\n-----END PRIVATE KEY-----\n",
        "3-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA" + "/" * 43 + "=\n-----END PUBLIC KEY-----\n",
        "3-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAoFIPbOEbBRfBv5zoBX+u+PZYHmviwzyglUr/VLTIMf\n-----END PUBLIC KEY-----\n",
        "3-----END PUBLIC KEY----------BEGIN PUBLIC KEY-----",
    ])
elif target == "xml":
    seeds.update([
        "<widget/>", "<?xml version='1.0' encoding='utf-8'?>\n<widget><!-- c --><a b=\"&amp;&#x41;\"/><![CDATA[<x>]]></widget>",
        "<a><b></a>", "<a x='1' x='2'/>", "<!DOCTYPE a><a/>", "<a>&undefined;</a>", "\ufeff<a/>",
    ])
    for path in sorted(glob.glob(os.path.join(os.path.dirname(examples), "frameworks", "*.xml"))):
        with open(path, encoding="utf-8") as f:
            seeds.add(f.read())
elif target == "form":
    seeds.update([
        "\nurls=https%3A%2F%2Fexample.com%2F%0Ahttps://a.b/&frame=sub&file=",
        "application/x-www-form-urlencoded\na=1&a=2&&=x&b&c=%zz%2&d=+%20+",
        "\n%00name%FF=%E2%82%AC\u00e9&%C0%80=",
        "multipart/form-data; boundary=q\n--q\r\nContent-Disposition: form-data; name=\"urls\"\r\n\r\nhttps://x/\r\n--q--\r\n",
        "multipart/form-data; boundary=\"a b\"\n--a b\r\nContent-Disposition: form-data; name=aasa; filename=\"f.json\"\r\n\r\n{}\r\n--a b--",
    ])
elif target == "multipart":
    seeds.update([
        "abc\n--abc\r\nContent-Disposition: form-data; name=\"app\"; filename=\"Shop.ipa\"\r\nContent-Type: application/octet-stream\r\n\r\nPK\x03\x04\r\n--abc\r\nContent-Disposition: form-data; name=\"appId\"\r\n\r\nA.b\r\n--abc--\r\n",
        "\"q b\"\npreamble\r\n--q b\r\nContent-Disposition: form-data; name=infoPlist; filename=\"C:\\a\\Info.plist\"\r\n\r\n<plist/>\r\n--q b--",
        "x\n--x\r\n\r\n\r\n--x--", "x\n--x--", "x\n--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--x\r\n",
    ])
elif target == "framework":
    frameworks = os.path.join(os.path.dirname(examples), "frameworks")
    for name, selector in [("capacitor.config.json", "\x00"), ("config.xml", "\x01"),
                           ("react-native-webview.json", "\x03"), ("hotwire-native.json", "\x04"),
                           ("pwabuilder.json", "\x05"), ("Settings.swift", "\x06")]:
        path = os.path.join(frameworks, name)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                seeds.add(selector + f.read())
    # Examples/projects: configurations left in a development state (issue 30), and their twins.
    projects = os.path.join(os.path.dirname(examples), "projects")
    for project in sorted(os.listdir(projects)) if os.path.isdir(projects) else []:
        for name, selector in [("capacitor.config.json", "\x00"), ("config.xml", "\x01"), ("Settings.swift", "\x06")]:
            path = os.path.join(projects, project, name)
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    seeds.add(selector + f.read())
    seeds.update([
        '\x00{"server": {"allowNavigation": ["a.com", 5], "url": "https://x.com", "iosScheme": "HTTPS"}}',
        '\x02{"version": "7", "allowNavigation": ["HTTPS://*youtube.com/*", "*"], "allowIntent": ["tel:*"]}',
        '\x03{"originWhitelist": null, "requireFullOriginMatch": true}',
        '\x04{"startLocation": "https://App.Example.com./"}',
        '\x05{"rootUrl": "https://a.com", "allowedOrigins": ["a.com", ""], "authOrigins": ["b.com/x", "::1"]}',
        '\x06let allowedOrigin = "a.com" /* /* */ */\nlet authOrigins = ["\\u{62}.com", #"raw"#, "\\(x)"]',
        '\x01<widget><allow-navigation href="https://*.a.com:8080/p/*"/><preference name="scheme" value="https"/></widget>',
        # Issue 30: development addresses, scheme-wide wildcards, the debugging settings, samples.
        '\x02{"allowNavigation": ["http://*/*", "*://*/*", "http://10.0.2.2:3001/*"], "contentSource": "http://192.168.1.20:8100/", "inspectableWebview": true}',
        '\x03{"uri": "http://[::1]:8081/", "originWhitelist": ["*", "https://*"], "webviewDebuggingEnabled": true}',
        '\x00{"server": {"url": "http://localhost:5173", "allowNavigation": ["192.168.0.12", "devbox.local", "[fe80::1]"]}, "ios": {"webContentsDebuggingEnabled": 1}}',
        '\x05{"rootUrl": "http://10.0.3.2", "allowedOrigins": ["webboard.app", "localhost"], "authOrigins": ["account.google.com"]}',
        # Issue 32: scenario apps' navigation objects (D123), read by the three navigation readers.
        '\x07{"limitsNavigationsToAppBoundDomains": true, "shouldOverrideUrlLoading": {"hosts": {"a.example": "null", "[::1]": "exception"}, "otherwise": "allow"}}',
        '\x07{"useShouldOverrideUrlLoading": true, "onNavigationRequest": {"hosts": {"A.example": "prevent"}, "otherwise": "failure"}}',
        '\x09{"limitNavigationsToAppBoundDomains": true, "onNavigation": {"hosts": {"evil.net": false}, "otherwise": true}, "wryAsksForSubframes": false}',
        # A Flutter project's pubspec.lock (D124), read from the bytes of the 7 and 8 inputs.
        '\x08# Generated by pub\npackages:\n  flutter_inappwebview:\n    dependency: "direct main"\n    source: hosted\n    version: "6.1.5"\r\n  webview_flutter_wkwebview:\n    version: 3.26.0\nsdks:\n  dart: ">=3.5.0 <4.0.0"\n',
    ])
elif target == "macho":
    pass  # seeded by the target itself at start-up (FUZZ_SEED_DIR), from the test fixtures' builders
elif target == "zip":
    # Binary seeds, written here directly: each example app as an .ipa (deflated and stored), and
    # each example app's signed profile.
    import zipfile, io
    apps = os.path.join(os.path.dirname(examples), "apps")
    for name in sorted(os.listdir(apps)) if os.path.isdir(apps) else []:
        folder = os.path.join(apps, name)
        for method in (zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED):
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", method) as archive:
                archive.writestr("Payload/", b"")
                archive.writestr("Payload/" + name + "/", b"")
                for file in sorted(os.listdir(folder)):
                    with open(os.path.join(folder, file), "rb") as f:
                        archive.writestr("Payload/" + name + "/" + file, f.read())
            data = buffer.getvalue()
            with open(os.path.join(corpus, "seed-" + hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)
        profile = os.path.join(folder, "embedded.mobileprovision")
        if os.path.exists(profile):
            with open(profile, "rb") as f:
                data = f.read()
            with open(os.path.join(corpus, "seed-" + hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)
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
# Allocations of Swift's one-time global initialisers are not leaks (see lsan.supp).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$FUZZ_DIR/lsan.supp}
echo "fuzzing $TARGET for $RUNS runs; log: $LOG" >&2
start=$(date +%s)
set +e
# shellcheck disable=SC2086
# A target may have no dictionary (DICT names a file that does not exist).
DICT_FLAGS=()
if [[ -e "$FUZZ_DIR/$DICT" ]]; then DICT_FLAGS=(-dict="$FUZZ_DIR/$DICT"); fi
# Targets that write their own seeds (macho) do so into FUZZ_SEED_DIR before fuzzing starts.
export FUZZ_SEED_DIR="$CORPUS"
"$BIN" -runs="$RUNS" -timeout=5 -max_len=4096 -rss_limit_mb=4096 "${DICT_FLAGS[@]}" "${FLAGS[@]}" \
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

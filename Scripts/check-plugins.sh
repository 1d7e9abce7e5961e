#!/usr/bin/env bash
# Proves WebFence's SwiftPM plugins on their fixture package (Plugins/Fixture), as a user's
# package meets them: the plugins package by path, the artifact bundle Scripts/release.sh made.
#
#   Scripts/check-plugins.sh [dist/webfence.artifactbundle.zip]
#
# 1. `swift build --target App` passes and prints every diagnostic of expected-diagnostics.txt at
#    its file, line and column (a warning or a note), and no other;
# 2. `swift build --target Broken` fails, with the error at its line;
# 3. nothing of WebFence is compiled in the fixture's build folder (only its own two modules);
# 4. the command plugin, `swift package webfence aasa lint …`, prints the file's findings.
set -euo pipefail
cd "$(dirname "$0")/.."
bundle=${1:-dist/webfence.artifactbundle.zip}
if [[ ! -f $bundle ]]; then
    echo "no artifact bundle at $bundle: run Scripts/release.sh first" >&2
    exit 2
fi
[[ $bundle -ef Plugins/webfence.artifactbundle.zip ]] || cp "$bundle" Plugins/webfence.artifactbundle.zip
cd Plugins/Fixture
rm -rf .build
root="$PWD/"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# The diagnostics of a build log as expected-diagnostics.txt writes them: place, severity, [code].
diagnostics() {
    grep -E "^$root[^:]+:[0-9]+:[0-9]+: (error|warning|note): " "$1" | sed "s|^$root||" \
        | sed -E 's/^([^:]+:[0-9]+:[0-9]+): (error|warning|note): .*(\[[^]]+\])$/\1: \2 \3/' | sort -u
}

fail() { echo "check-plugins: $*" >&2; exit 1; }

echo "== swift build --target App (warnings and notes: the build passes)"
swift build --target App >"$log" 2>&1 || { cat "$log"; fail "the App target did not build"; }
got=$(diagnostics "$log")
want=$(grep -v "^Sources/Broken/" expected-diagnostics.txt | sort -u)
if [[ $got != "$want" ]]; then
    cat "$log"
    diff <(echo "$want") <(echo "$got") || true
    fail "the App target's diagnostics differ from expected-diagnostics.txt (above: - expected, + printed)"
fi
echo "$(echo "$got" | wc -l) diagnostics, each at its expected file, line and column"

echo "== swift build --target Broken (an error: the build fails)"
if swift build --target Broken >"$log" 2>&1; then cat "$log"; fail "the Broken target built despite its error"; fi
got=$(diagnostics "$log")
want=$(grep "^Sources/Broken/" expected-diagnostics.txt | sort -u)
[[ $got == "$want" ]] || { cat "$log"; fail "the Broken target's diagnostics: got '$got', want '$want'"; }
echo "the build failed with: $got"

echo "== nothing of WebFence compiled in the fixture's build folder"
compiled=$(find .build -name '*.swiftmodule' -not -path '*/ModuleCache/*' -exec basename {} .swiftmodule \; | sort -u)
# Broken's module is not compiled at all: its build stops at the plugin's error.
others=$(echo "$compiled" | grep -vxE 'App|Broken' || true)
[[ -z $others ]] || fail "modules compiled here besides the fixture's own: $(echo "$others" | tr '\n' ' ')"
echo "$compiled" | grep -qx App || fail "the App module was not compiled"
if find .build -name '*.o' | grep -vE '/(App|Broken)(\.build/|\.o$)' | grep -q .; then
    fail "objects other than App's and Broken's were compiled: $(find .build -name '*.o' | grep -vE '/(App|Broken)(\.build/|\.o$)' | head -3)"
fi
echo "compiled: $(echo "$compiled" | tr '\n' ' ')(the fixture's own); webfence came from $(basename "$bundle")"

echo "== swift package webfence aasa lint (the command plugin)"
swift package webfence aasa lint Sources/App/apple-app-site-association >"$log" 2>&1 \
    || { cat "$log"; fail "the command plugin failed"; }
for expected in "warning aasa.key.unknown  12:32 /applinks/details/0/components/2/casesensitive" \
    "warning aasa.region.uk  4:7 /applinks/substitutionVariables/country" "0 errors, 7 warnings, 0 notes"; do
    grep -qF -- "$expected" "$log" || { cat "$log"; fail "the command plugin did not print: $expected"; }
done
if swift package webfence audit Sources/App/Info.plist --fail-on note >"$log" 2>&1; then
    cat "$log"
    fail "swift package webfence audit --fail-on note passed, with notes in the file"
fi
echo "the command plugin printed the findings, and failed when asked to"
rm -rf .build

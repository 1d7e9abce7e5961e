#!/usr/bin/env bash
# Proves .pre-commit-hooks.yaml with PyPI's pre-commit on a fixture repository made here:
# `pre-commit try-repo` runs this clone's hooks (uncommitted changes included) against it.
#
#   Scripts/check-pre-commit.sh DIR    # DIR holds the webfence binary the hooks run
#
# Good files pass every hook; a broken association file and a broken capacitor.config.json each
# fail their hook, naming the file and the line.
set -euo pipefail
cd "$(dirname "$0")/.."
hooks_repo=$PWD
bin_dir=$(cd "${1:?give the folder that holds the webfence binary}" && pwd)
[[ -x $bin_dir/webfence ]] || { echo "no webfence in $bin_dir" >&2; exit 2; }
export PATH="$bin_dir:$PATH"

tools=$PWD/.build/python-pre-commit
if [[ ! -x $tools/bin/pre-commit ]]; then
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet "pre-commit==4.3.0"
fi
pre_commit=$tools/bin/pre-commit

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixture=$work/repository
out=$work/out
export PRE_COMMIT_HOME=$work/pre-commit-home
mkdir "$fixture"
cd "$fixture"
git init -q .
git config user.email ci@webfence.invalid
git config user.name "WebFence CI"
mkdir -p .well-known ios/App/App
cp "$hooks_repo/Examples/aasa/seed-004-components.json" .well-known/apple-app-site-association
cp "$hooks_repo/Examples/apps/CapacitorFixedApp.app/capacitor.config.json" ios/App/App/capacitor.config.json
cp "$hooks_repo/Plugins/Fixture/Sources/App/Info.plist" ios/App/App/Info.plist
cp "$hooks_repo/Plugins/Fixture/Sources/App/App.entitlements" ios/App/App/App.entitlements
git add -A

fail() { echo "check-pre-commit: $*" >&2; exit 1; }
run() { "$pre_commit" try-repo "$hooks_repo" "$1" --all-files --color never >"$out" 2>&1; }

for hook in webfence-aasa webfence-app webfence-framework; do
    run "$hook" || { cat "$out"; fail "$hook failed on good files"; }
    grep -q "Passed" "$out" || { cat "$out"; fail "$hook did not run on the fixture's files"; }
    echo "$hook: passed on good files"
done

# A broken association file: a missing comma, line 4.
printf '{\n  "applinks": {\n    "details": [\n      {"appIDs": ["ABCDE12345.com.example.app"] "components": []}\n    ]\n  }\n}\n' \
    >.well-known/apple-app-site-association
git add -A
if run webfence-aasa; then cat "$out"; fail "webfence-aasa passed a broken association file"; fi
grep -q "\.well-known/apple-app-site-association:4:49: error: invalid JSON" "$out" \
    || { cat "$out"; fail "webfence-aasa did not name the broken file's line"; }
echo "webfence-aasa: failed on the broken association file, at .well-known/apple-app-site-association:4:49"

# A broken capacitor.config.json: a trailing comma, line 3.
printf '{\n  "appId": "com.example.app",\n  "server": {"url": "https://app.example.com/",}\n}\n' \
    >ios/App/App/capacitor.config.json
git add -A
if run webfence-framework; then cat "$out"; fail "webfence-framework passed a broken capacitor.config.json"; fi
grep -qE "ios/App/App/capacitor\.config\.json:3:[0-9]+: error: .*\[framework\.configuration\.unreadable\]" "$out" \
    || { cat "$out"; fail "webfence-framework did not name the broken file's line"; }
echo "webfence-framework: failed on the broken capacitor.config.json, at $(grep -oE 'capacitor\.config\.json:3:[0-9]+' "$out" | head -1)"
# The audit of the app folder reads the same broken file: webfence-app fails too, at the same line.
if run webfence-app; then cat "$out"; fail "webfence-app passed an app whose capacitor.config.json is broken"; fi
echo "webfence-app: failed on the app whose capacitor.config.json is broken"

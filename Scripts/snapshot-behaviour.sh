#!/usr/bin/env bash
# Writes what `webfence` answers for every bundled example into a folder, one file per command, so
# that a change meant to move code and not behaviour can be checked byte for byte:
#
#   Scripts/snapshot-behaviour.sh .build/debug/webfence /tmp/before   # on the old commit
#   Scripts/snapshot-behaviour.sh .build/debug/webfence /tmp/after    # on the new one
#   diff -r /tmp/before /tmp/after
#
# Covers the tour, simulate (text and JSON) of every example scenario, the audit of every example
# app (text, JSON, SARIF, xcode, github, gitlab), each lint and framework command on its example, and
# every --jsonl command on the example inputs. Exit statuses are recorded beside each output.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 2 ]; then
    echo "usage: $0 WEBFENCE_BINARY OUTPUT_FOLDER" >&2
    exit 2
fi
webfence=$(realpath "$1")
out=$2
if [ ! -x "$webfence" ]; then echo "$webfence is not an executable" >&2; exit 2; fi
mkdir -p "$out"

# run NAME [COMMAND...] [< INPUT]: stdout to NAME, stderr to NAME.stderr, status to NAME.status.
run() {
    local name=$1
    shift
    "$webfence" "$@" >"$out/$name" 2>"$out/$name.stderr"
    echo $? >"$out/$name.status"
}

run tour tour
for scenario in Examples/scenarios/*.json; do
    name=$(basename "$scenario" .json)
    run "simulate-$name.txt" simulate "$scenario"
    run "simulate-$name.json" simulate --format json "$scenario"
done
run simulate-all-quiet.txt simulate --quiet Examples/scenarios/*.json

for format in text json sarif xcode github gitlab; do
    run "audit-apps.$format" audit --format "$format" Examples/apps
done
for app in Examples/apps/*.app; do
    run "audit-$(basename "$app" .app).json" audit --format json "$app"
done

for file in Examples/aasa/*.json; do
    run "aasa-lint-$(basename "$file" .json)" aasa lint "$file"
    run "aasa-lint-$(basename "$file" .json).json" aasa lint --format json "$file"
done
run aasa-match.jsonl aasa match --jsonl <Examples/aasa/links.jsonl
for url in 'https://example.com/help/website/faq' 'https://example.com/help/a?articleNumber=12' 'https://example.com/buy/1'; do
    name=$(printf '%s' "$url" | tr -c 'A-Za-z0-9' '-')
    run "aasa-verify-$name" aasa verify --file Examples/aasa/seed-004-components.json --domain example.com --url "$url" --explain
    run "aasa-verify-$name.json" aasa verify --file Examples/aasa/seed-004-components.json --domain example.com --url "$url" --explain --format json
done

for rules in Examples/rules/*.json; do
    name=$(basename "$rules" .json)
    run "rules-lint-$name" rules lint "$rules"
    run "rules-lint-$name.json" rules lint --format json "$rules"
    run "rules-check-$name" rules check --rules "$rules" https://shop.example.com/ https://evil.example/ \
        'https://shop.example.com.evil.net/' 'mailto:a@b.c'
    run "rules-check-$name.json" rules check --format json --rules "$rules" https://shop.example.com/ \
        https://evil.example/
done

python3 -c 'import json,sys; [print(json.dumps({"input": json.loads(l)["input"], "base": None})) for l in open(sys.argv[1])]' \
    Examples/urls/tricky-urls.jsonl >"$out/url-parse.input"
run url-parse.jsonl url parse --jsonl <"$out/url-parse.input"
run url-parse.txt url parse 'https://evil.com\@trusted.com/' 'HTTPS://EXAMPLE.com:443/a/../b'
run url-parse.json url parse --format json 'https://evil.com\@trusted.com/'

python3 -c 'import json,sys; [print(json.dumps(o)) for o in json.load(open(sys.argv[1]))]' \
    Examples/frameworks/check.json >"$out/framework-check.input"
run framework-check.jsonl framework check --jsonl <"$out/framework-check.input"
run framework-check.json framework check --format json --framework capacitor \
    --config Examples/frameworks/capacitor.config.json https://app.example.com.evil.net/ https://app.example.com/
run framework-check.txt framework check --framework capacitor --config Examples/frameworks/capacitor.config.json \
    https://app.example.com.evil.net/
for pair in capacitor:capacitor.config.json cordova-ios:config.xml pwabuilder:Settings.swift \
    pwabuilder:pwabuilder.json react-native-webview:react-native-webview.json hotwire-native:hotwire-native.json; do
    framework=${pair%%:*} name=${pair#*:}
    config=Examples/frameworks/$name
    run "framework-rules-$name" framework rules --framework "$framework" "$config"
    run "framework-lint-$name" framework lint "$config"
    run "framework-lint-$name.json" framework lint --format json "$config"
done

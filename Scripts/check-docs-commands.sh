#!/usr/bin/env bash
# Runs the shell blocks of docs/install.md, docs/ci.md and docs/xcode.md that are marked `<!-- check-docs: NAME -->`,
# as a team would paste them, against the release archive in DIST (curl reads it through a file:
# URL where the docs download it from the project's releases) and a fixture app made here.
#
#   Scripts/check-docs-commands.sh dist
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dist=$(cd "${1:?give the folder holding the release archive (dist)}" && pwd)
archive=$(cd "$dist" && ls webfence-*-x86_64-unknown-linux-gnu.tar.gz | head -1)
[[ -n $archive ]] || { echo "no release archive in $dist" >&2; exit 2; }
version=${archive#webfence-}
version=${version%-x86_64-unknown-linux-gnu.tar.gz}

# The block after `<!-- check-docs: NAME -->` in FILE.
block() {
    awk -v name="$2" '
        $0 == "<!-- check-docs: " name " -->" { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$1"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A repository as the docs assume one: the app's folder and the served association file.
fixture() {
    rm -rf "$work/repository" "$work/home"
    mkdir -p "$work/repository/ios/App/App" "$work/repository/.well-known" "$work/home"
    cp "$repo"/Plugins/Fixture/Sources/App/{Info.plist,App.entitlements,capacitor.config.json} \
        "$work/repository/ios/App/App/"
    cp "$repo/Examples/aasa/traps.json" "$work/repository/.well-known/apple-app-site-association"
}

run() {
    local file=$1 name=$2 script
    script=$(block "$file" "$name")
    [[ -n $script ]] || { echo "check-docs: no block '$name' in $file" >&2; exit 1; }
    fixture
    echo "== $file: $name"
    (
        cd "$work/repository"
        export HOME="$work/home" WEBFENCE_VERSION="$version" WEBFENCE_URL="file://$dist" BASE="file://$dist"
        export PATH="$HOME/.local/bin:$PATH"
        bash -euo pipefail -c "$script"
    ) >"$work/out" 2>&1 || { cat "$work/out"; echo "check-docs: $file '$name' failed" >&2; exit 1; }
    cat "$work/out"
}

run docs/install.md install
[ -x "$work/home/.local/bin/webfence" ] && [ -L "$work/home/.local/bin/webfence-serve" ] \
    && [ -d "$work/home/.local/share/webfence/Examples/scenarios" ] \
    || { echo "check-docs: docs/install.md's command did not install bin/ and share/" >&2; exit 1; }

run docs/ci.md any-ci
grep -q "ios/App/App/capacitor.config.json:[0-9]*:[0-9]*: warning: " "$work/out" \
    || { echo "check-docs: the audit printed no finding at its line" >&2; exit 1; }
grep -q '"check_name"' "$work/repository/gl-code-quality-report.json" \
    || { echo "check-docs: no GitLab report written" >&2; exit 1; }

# The baseline block needs webfence on PATH: installed by the block above.
install_dir=$work/installed
mkdir -p "$install_dir"
tar -xzf "$dist/$archive" -C "$install_dir" --strip-components=1
export PATH="$install_dir/bin:$PATH"
run docs/ci.md baseline
if grep -qE ':[0-9]+:[0-9]+: (error|warning|note): ' "$work/out"; then
    echo "check-docs: the baseline left findings in" >&2
    exit 1
fi

# Xcode's Run Script phase, with the build settings Xcode gives it.
export SRCROOT INFOPLIST_FILE=ios/App/App/Info.plist CODE_SIGN_ENTITLEMENTS=ios/App/App/App.entitlements
SRCROOT=$work/repository DERIVED_FILE_DIR=$work/derived
export DERIVED_FILE_DIR
mkdir -p "$DERIVED_FILE_DIR"
run docs/xcode.md xcode-run-script
grep -q "^$work/repository/ios/App/App/Info.plist:[0-9]*:[0-9]*: note: " "$work/out" \
    || { echo "check-docs: the Run Script printed no finding at its line" >&2; exit 1; }
[[ -f $DERIVED_FILE_DIR/webfence.stamp ]] || { echo "check-docs: the Run Script wrote no stamp" >&2; exit 1; }
echo "docs/install.md, docs/ci.md and docs/xcode.md: every marked block ran against $archive"

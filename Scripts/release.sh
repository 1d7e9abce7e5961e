#!/usr/bin/env bash
# Makes WebFence's release archive for Linux x86_64 and its SwiftPM artifact bundle, from the
# clone's current commit. docs/install.md says what the archive holds and how it is installed;
# Scripts/check-release.sh proves it runs with no toolchain and no other library.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: Scripts/release.sh [-h]

Builds the release binary (static Swift runtime, static SQLite): one executable, installed as
bin/webfence with bin/webfence-serve a link to it (run under that name it is the server, D98),
checks that they need no shared library beyond the allow-list below, makes the man page and the
shell completions, and writes to dist/:

  webfence-<version>-x86_64-unknown-linux-gnu/         the unpacked archive
  webfence-<version>-x86_64-unknown-linux-gnu.tar.gz   the archive, and its .sha256
  webfence.artifactbundle.zip                          the SwiftPM artifact bundle, and its .sha256

<version> is the first line of `webfence --version`. Runs on Linux x86_64 only (macOS: see
docs/install.md, "Building from source"). Needs LICENSE at the repository root. Installs Debian's
libsqlite3-dev, zlib1g-dev, binutils and zip when missing (as root, or through sudo). The build
goes to .build-release (the first one: 13 minutes on two idle cores; later runs reuse it).

Then: Scripts/check-release.sh dist/webfence-<version>-x86_64-unknown-linux-gnu.tar.gz
EOF
}

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    "") ;;
    *) usage >&2; exit 2 ;;
esac

fail() { echo "release.sh: $*" >&2; exit 1; }
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else echo "installing $* needs root: run as root or install sudo (or install the packages yourself)" >&2; return 1
    fi
}

if [ "$(uname -s)" = Darwin ]; then
    cat >&2 <<'EOF'
release.sh: the project makes release archives for Linux x86_64 only. Its machines (developers' and
CI's) run Linux, so a macOS archive could be neither built nor tested there, and none is shipped.
On macOS, build from source instead (Xcode 16.3 or a Swift 6.1+ toolchain):

  swift build -c release --product webfence-serve

The binary is then .build/release/webfence-serve (`swift build -c release --show-bin-path` prints
the folder); install it as webfence on your PATH, with webfence-serve a link to it (run under that
name it is the server). docs/install.md has the details.
EOF
    exit 1
fi
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || fail "builds for Linux x86_64 only, not $(uname -s) $(uname -m)"

cd "$(dirname "$0")/.."
if [ ! -f Package.swift ] || [ ! -d Sources/WebFenceCLI ]; then fail "run it from a WebFence clone"; fi

# What users need: one executable (D98). The product webfence-serve is the whole command line with
# the server in it; run as `webfence` it is the CLI (serve in process), as `webfence-serve` the server.
products=(webfence-serve)
triple=x86_64-unknown-linux-gnu
scratch=.build-release
# The only shared libraries the binaries may need: what every glibc system has.
# - libc.so.6, libm.so.6, ld-linux-x86-64.so.2: glibc itself.
# - libz.so.1: zlib, for ZIPFoundation (.ipa archives); Swift on Linux needs it as well.
# - libstdc++.so.6 and libgcc_s.so.1: the static Swift runtime asks for them. The toolchain's
#   swift_static/linux/static-stdlib-args.lnk passes -lstdc++ because the runtime, libdispatch and
#   Foundation's ICU are C++ (operator new, std::string, __cxa_guard_*, __cxa_demangle); clang's
#   link adds libgcc_s, the unwinder: the runtime's backtraces call _Unwind_Backtrace (Errors.cpp),
#   and the exception paths of CoreFoundation and ICU _Unwind_Resume.
allowed_libraries=(libc.so.6 libm.so.6 ld-linux-x86-64.so.2 libz.so.1 libstdc++.so.6 libgcc_s.so.1)

[ -f LICENSE ] || fail "LICENSE is missing at the repository root: the archive must carry the project's licence. Add LICENSE, then run this again."

step "tools (Debian: libsqlite3-dev, zlib1g-dev, binutils, zip)"
missing=()
[ -e /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
[ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
command -v readelf >/dev/null || missing+=(binutils)
command -v zip >/dev/null || missing+=(zip)
if [ ${#missing[@]} -gt 0 ]; then
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
swift --version

# SQLite, linked statically. GRDB's module map links "sqlite3", which the linker takes from the
# first folder on its search path holding libsqlite3.so or libsqlite3.a. Two things make that a
# folder holding only a libsqlite3.a link (to the static library libsqlite3-dev ships):
# - it is given with -Xlinker -L, which swift build puts ahead of the folders clang adds;
# - ZIPFoundation's zlib module asks pkg-config, whose zlib.pc puts -L/usr/lib/x86_64-linux-gnu
#   (where libsqlite3.so is) ahead of everything: a copy of that zlib.pc without its -L options,
#   found first through --pkg-config-path, leaves the folder to the linker's defaults, after ours.
# The readelf check below fails if libsqlite3.so was linked all the same.
sqlite_static=/usr/lib/x86_64-linux-gnu/libsqlite3.a
[ -f "$sqlite_static" ] || fail "$sqlite_static not found: libsqlite3-dev ships it (apt-get install libsqlite3-dev)"
zlib_pc=/usr/lib/x86_64-linux-gnu/pkgconfig/zlib.pc
[ -f "$zlib_pc" ] || fail "$zlib_pc not found: zlib1g-dev ships it (apt-get install zlib1g-dev)"
static_libs="$PWD/$scratch/static-libs"
mkdir -p "$static_libs/pkgconfig"
ln -sfn "$sqlite_static" "$static_libs/libsqlite3.a"
sed 's/-L[^ ]* //g' "$zlib_pc" >"$static_libs/pkgconfig/zlib.pc"
# --disable-local-rpath: no RUNPATH $ORIGIN (swift build adds it for shared libraries built beside
# the executable; there are none), so the loader looks only where the system says.
package_options=(-c release --disable-local-rpath --scratch-path "$scratch"
    --pkg-config-path "$static_libs/pkgconfig" -Xlinker "-L$static_libs")
# --disable-build-manifest-caching: swift build may otherwise reuse the build description a build
# with other options left in the scratch path (seen here: one without --static-swift-stdlib, whose
# binaries then needed libswiftCore.so); making it anew takes seconds.
build_options=("${package_options[@]}" --static-swift-stdlib --disable-build-manifest-caching)

step "release build: ${products[*]} (swift build ${build_options[*]})"
for product in "${products[@]}"; do
    swift build "${build_options[@]}" --product "$product"
done
bin_path=$(swift build "${build_options[@]}" --show-bin-path)

version=$("$bin_path/webfence-serve" --version | sed -n 1p)
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || fail "webfence --version printed '$version' first, not a version"
name="webfence-$version-$triple"
# Every date and time stamp in the outputs is the last commit's, so that the same commit gives the
# same archive.
commit_time=$(git log -1 --format=%ct)
commit_day=$(git log -1 --format=%cs)
echo "version $version, commit $(git rev-parse --short HEAD) of $commit_day"

step "dist/$name/bin: the binaries, stripped"
# Stripped of the symbol table and the debug information (webfence: 174 MB to 86); a crash's
# backtrace then shows addresses, not names.
mkdir -p dist
stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$stage/share/webfence"
cp "$bin_path/webfence-serve" "$stage/bin/webfence"
strip --strip-unneeded "$stage/bin/webfence"
ln -s webfence "$stage/bin/webfence-serve"
# The examples the README and `webfence tour` use (tour finds them in share/webfence/Examples).
cp -R Examples "$stage/share/webfence/Examples"

step "shared libraries (readelf -d): only ${allowed_libraries[*]}"
for product in webfence; do
    binary="$stage/bin/$product"
    needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p')
    for library in $needed; do
        allowed=no
        for ok in "${allowed_libraries[@]}"; do [ "$library" = "$ok" ] && allowed=yes; done
        if [ $allowed = no ]; then
            case $library in
                libcurl*) fail "$product needs $library: a module imports FoundationNetworking (grep -rn 'import FoundationNetworking' Sources); the archive must not" ;;
                libxml2*) fail "$product needs $library: a module imports FoundationXML (grep -rn 'import FoundationXML' Sources); the archive must not" ;;
                *) fail "$product needs $library, which is not in the allow-list (${allowed_libraries[*]})" ;;
            esac
        fi
        echo "  $product needs $library"
    done
    if readelf -d "$binary" | grep -E '\((RPATH|RUNPATH)\)'; then
        fail "$product has a library search path (above): the archive's binaries must not point into the build machine"
    fi
done

# The newest glibc and libstdc++ symbol versions they ask for: the oldest system they run on.
glibc_needed=$(objdump -T "$stage/bin/webfence" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1)
glibcxx_needed=$(objdump -T "$stage/bin/webfence" | grep -o 'GLIBCXX_[0-9.]*' | sort -uV | tail -n 1)
echo "  symbol versions: up to $glibc_needed, $glibcxx_needed"

step "man page (swift-argument-parser's generate-manual, one page)"
# One page, webfence.1, holds every subcommand: `man webfence` and a search in it find everything.
# The tool is the one swift-argument-parser's generate-manual plugin runs, and it is run as the
# plugin runs it (the built webfence, --output-directory, --date), built here with the release
# options. The plugin itself (swift package generate-manual) is not used: it first builds every
# product of the package, and `swift package` has no --static-swift-stdlib, which changes how every
# Swift module is compiled, so it would compile the whole package a second time.
swift build "${build_options[@]}" --product generate-manual
manual_dir="$scratch/manual"
rm -rf "$manual_dir"
mkdir -p "$manual_dir"
"$bin_path/generate-manual" "$stage/bin/webfence" --output-directory "$manual_dir" --date "$commit_day"
manual="$manual_dir/webfence.1"
[ -f "$manual" ] || fail "generate-manual made no $manual"

step "dist/$name: man page, completions, LICENSE, README, archive"
cp "$manual" "$stage/share/man/man1/webfence.1"
"$stage/bin/webfence" --generate-completion-script bash >"$stage/share/bash-completion/completions/webfence"
"$stage/bin/webfence" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_webfence"
"$stage/bin/webfence" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/webfence.fish"
cp LICENSE "$stage/LICENSE"
# The licences of what the binary links (every package the build resolved but the documentation
# plugin's two, which only generate docs), and Swift's own (the runtime and Foundation are inside).
mkdir -p "$stage/licenses"
for checkout in "$scratch"/checkouts/*/; do
    package=$(basename "$checkout")
    case $package in swift-docc-plugin | swift-docc-symbolkit) continue ;; esac
    mkdir -p "$stage/licenses/$package"
    find "$checkout" -maxdepth 1 -type f \( -iname 'LICENSE*' -o -iname 'NOTICE*' -o -iname 'COPYING*' \) \
        -exec cp {} "$stage/licenses/$package/" \;
    [ -n "$(ls "$stage/licenses/$package")" ] || fail "$package has no licence file to ship"
done
swift_licence=$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt
[ -f "$swift_licence" ] || fail "the toolchain's $swift_licence is missing"
mkdir -p "$stage/licenses/swift" && cp "$swift_licence" "$stage/licenses/swift/LICENSE.txt"
cat >"$stage/licenses/README" <<EOF
The licences of the software linked into bin/webfence, one folder each: the Swift packages the
build resolved (their NOTICE files name what they carry, such as BoringSSL in swift-crypto and
swift-nio-ssl) and Swift itself (its runtime, standard library, Foundation and ICU data). SQLite,
also linked in, is in the public domain. WebFence's own licence is ../LICENSE.
EOF
cat >"$stage/README" <<EOF
WebFence $version for Linux x86_64

WebFence decides what web content inside iOS apps may do, as iOS decides it: universal links
(apple-app-site-association files), App-Bound Domains, managed web-view rules and hybrid
frameworks' navigation code. bin/webfence is the command-line tool and its HTTP server (\`webfence
serve\`); bin/webfence-serve is a link to it that starts the server alone.

Install: verify the archive, then copy bin/ and share/ under a prefix, e.g. ~/.local or /usr/local:

  sha256sum -c $name.tar.gz.sha256
  tar -xzf $name.tar.gz
  cp -R $name/bin $name/share ~/.local/

Then \`webfence --help\`, \`man webfence\`, \`webfence tour\` (the scenarios it replays are in
share/webfence/Examples, with the example apps, association files and rule sets).
bash, zsh and fish find their completions under share/ when the prefix is one they search.

Needs: Linux x86_64 and these shared libraries, which every glibc system has:
libc.so.6, libm.so.6, ld-linux-x86-64.so.2 (glibc, symbol versions up to $glibc_needed),
libz.so.1 (zlib), libstdc++.so.6 ($glibcxx_needed) and libgcc_s.so.1 (the Swift runtime is
C++ and unwinds with libgcc_s). The Swift runtime, Foundation and SQLite are inside the binaries.

Licence: LICENSE. Documentation: docs/ in the source, https://github.com/webfence/webfence
EOF
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -exec chmod 644 {} +
chmod 755 "$stage"/bin/*
# Reproducible: names sorted, one time stamp, owner 0, no name or time in the gzip header.
tar --sort=name --mtime="@$commit_time" --owner=0 --group=0 --numeric-owner --format=gnu \
    -C dist -cf - "$name" | gzip -9 -n >"dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

step "dist/webfence.artifactbundle.zip (SwiftPM artifact bundle, SE-0305)"
# <bundle>/info.json, <bundle>/<artifact>/<variant>/: the variant folder holds webfence, the
# declared executable (serving in process, D98), with LICENSE and the linked packages' licences.
bundle_root="$scratch/artifactbundle"
bundle="$bundle_root/webfence.artifactbundle"
variant="webfence/$name"
rm -rf "$bundle_root" dist/webfence.artifactbundle.zip dist/webfence.artifactbundle.zip.sha256
mkdir -p "$bundle/$variant"
cp "$stage/bin/webfence" "$stage/LICENSE" "$bundle/$variant/"
cp -R "$stage/licenses" "$bundle/$variant/licenses"
cat >"$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "webfence": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/webfence",
          "supportedTriples": ["$triple"]
        }
      ]
    }
  }
}
EOF
find "$bundle_root" -exec touch -h -d "@$commit_time" {} +
(
    cd "$bundle_root"
    # -X: no uid/gid or extra time fields; the Unix modes (the executables' x bits) are kept.
    find webfence.artifactbundle -print | LC_ALL=C sort | TZ=UTC zip -X -q -@ "$OLDPWD/dist/webfence.artifactbundle.zip"
)
(cd dist && sha256sum webfence.artifactbundle.zip >webfence.artifactbundle.zip.sha256)

step "done"
printf '  bin/webfence %s bytes (bin/webfence-serve: a link to it)\n' "$(stat -c %s "$stage/bin/webfence")"
ls -l "dist/$name.tar.gz" dist/webfence.artifactbundle.zip
cat "dist/$name.tar.gz.sha256" dist/webfence.artifactbundle.zip.sha256
echo "next: Scripts/check-release.sh dist/$name.tar.gz"

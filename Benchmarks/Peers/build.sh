#!/usr/bin/env bash
# Builds the benchmarks' peers into Benchmarks/.build-peers (git ignores it):
# - ada, the WHATWG URL parser inside Node.js: the C++ amalgamation (ada.cpp, ada.h) from PyPI's
#   ada-url source distribution, compiled with our bridge (ada_peer.cpp) into libwebfence_ada.so;
# - libpsl, the Public Suffix List library curl and wget use: Debian's libpsl-dev (apt), and the
#   same list WebAddress bundles (Tests/Corpora/psl) compiled to libpsl's own DAFSA form with
#   Debian's psl-make-dafsa, the form libpsl ships and psl_latest() loads.
# The benchmarks load both with dlopen and stop, saying to run this script, when they are missing.
#
#   Benchmarks/Peers/build.sh           # from anywhere; idempotent
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../.build-peers"
ada_version="4.0.0"
mkdir -p "$out"

if [ ! -f "$out/libwebfence_ada.so" ] || [ "$out/libwebfence_ada.so" -ot "$here/ada_peer.cpp" ]; then
    rm -rf "$out/ada" && mkdir -p "$out/ada"
    python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$out/ada" "ada-url==$ada_version"
    tar -xzf "$out/ada/ada_url-$ada_version.tar.gz" -C "$out/ada"
    source="$out/ada/ada_url-$ada_version/ada_url"
    echo "building ada $ada_version (PyPI ada-url) with the bridge: a minute"
    g++ -O3 -DNDEBUG -std=c++20 -fPIC -shared -I"$source" \
        "$source/ada.cpp" "$here/ada_peer.cpp" -o "$out/libwebfence_ada.so"
fi
echo "ada: $out/libwebfence_ada.so"

if ! ldconfig -p | grep -q 'libpsl\.so\.5 ' || ! command -v psl-make-dafsa >/dev/null; then
    as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libpsl-dev psl-make-dafsa
fi
list="$here/../../Tests/Corpora/psl/public_suffix_list.dat"
if [ ! -f "$out/public_suffix_list.dafsa" ] || [ "$out/public_suffix_list.dafsa" -ot "$list" ]; then
    psl-make-dafsa --output-format=binary "$list" "$out/public_suffix_list.dafsa"
fi
echo "libpsl: $(ldconfig -p | awk '/libpsl\.so\.5 / {print $NF; exit}'), list $out/public_suffix_list.dafsa"

#!/usr/bin/env bash
# Proves that a release archive made by Scripts/release.sh runs where no toolchain and no other
# library can be reached: it is installed as docs/install.md says into an empty root that holds
# nothing else but the shared libraries its binary names (copied from this machine, with what
# they need in turn) and a minimal /etc, /tmp, /dev and /proc. The commands then run inside that
# root (bubblewrap, else chroot as root) on the examples the archive installs
# (share/webfence/Examples), and the server answers on loopback, started both ways.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: Scripts/check-release.sh [--sandbox auto|bwrap|chroot] [--runs N] DIST_TARBALL

Installs DIST_TARBALL (dist/webfence-<version>-x86_64-unknown-linux-gnu.tar.gz, checked against
the .sha256 beside it when there is one) into a fresh root and runs, inside it:

  webfence --version              exit 0
  webfence tour                   exit 0 (from /, where no Examples/ is: it finds share/webfence)
  webfence audit $EXAMPLES/apps   exit 1 (the example apps have error findings on purpose)
  webfence aasa lint $EXAMPLES/aasa/traps.json   exit 0 or 1
  webfence serve --port N         until GET /health answers {"status":"ok"} (curl, from outside)
  webfence-serve --port N         the same, through the link that starts the server alone

where $EXAMPLES is /usr/local/share/webfence/Examples, installed from the archive.

and shows that the toolchain cannot be run from inside. Then prints the binaries' and the
archive's sizes and the start-up times (hyperfine, N runs each, default 20) of `webfence
--version` and `webfence aasa lint` of a small association file.

--sandbox: bwrap (bubblewrap; needs user namespaces), chroot (needs root), or auto (the
default): bwrap when it works here, else chroot. Run from the repository root.
EOF
}

sandbox=auto
runs=20
tarball=
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --sandbox) sandbox=${2:?--sandbox needs auto, bwrap or chroot}; shift 2 ;;
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        -*) usage >&2; exit 2 ;;
        *) [ -z "$tarball" ] || { usage >&2; exit 2; }; tarball=$1; shift ;;
    esac
done
[ -n "$tarball" ] || { usage >&2; exit 2; }

fail() { echo "check-release.sh: $*" >&2; exit 1; }
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else echo "installing $* needs root: run as root or install sudo (or install the packages yourself)" >&2; return 1
    fi
}

[ -f "$tarball" ] || fail "$tarball: no such file"
if [ ! -d Examples/aasa ]; then fail "run it from the repository root"; fi
for tool in readelf curl python3; do
    command -v "$tool" >/dev/null || fail "$tool is needed (Debian: binutils, curl, python3)"
done

if [ -f "$tarball.sha256" ]; then
    (cd "$(dirname "$tarball")" && sha256sum -c "$(basename "$tarball").sha256")
fi

# The sandbox: bubblewrap when user namespaces work here, else chroot, which needs root.
if [ "$sandbox" = auto ]; then
    if command -v bwrap >/dev/null && bwrap --unshare-all --ro-bind / / true 2>/dev/null; then
        sandbox=bwrap
    elif [ "$(id -u)" = 0 ] && command -v chroot >/dev/null; then
        sandbox=chroot
    else
        fail "no sandbox: bwrap (Debian: bubblewrap) does not work here (no user namespaces?), and chroot needs root"
    fi
fi
case $sandbox in
    bwrap) bwrap --unshare-all --ro-bind / / true || fail "bwrap cannot make a sandbox here (no user namespaces?): use --sandbox chroot as root" ;;
    chroot) [ "$(id -u)" = 0 ] || fail "chroot needs root" ;;
    *) fail "--sandbox $sandbox: auto, bwrap or chroot" ;;
esac

root=$(mktemp -d /tmp/webfence-release-root.XXXXXX)
server_pid=
mounted=()
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" || true; done
    rm -rf "$root"
}
trap cleanup EXIT

step "the root: $root ($sandbox)"
# Installed as docs/install.md says: bin/ and share/ under a prefix.
mkdir -p "$root/usr/local"
tar -xzf "$tarball" -C "$root/usr/local" --strip-components=1 --wildcards '*/bin/*' '*/share/*'
binaries=("$root"/usr/local/bin/*)
if [ ! -x "$root/usr/local/bin/webfence" ] || [ ! -x "$root/usr/local/bin/webfence-serve" ]; then
    fail "the archive has no bin/webfence and bin/webfence-serve"
fi

# The shared libraries the binaries name (readelf -d, NEEDED), and those these name in turn, copied
# from this machine into the folder the dynamic loader searches by default; the loader itself at
# the path the binaries ask for (PT_INTERP).
host_library() {
    local directory
    for directory in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /lib64 /usr/lib64 /lib /usr/lib; do
        if [ -e "$directory/$1" ]; then echo "$directory/$1"; return; fi
    done
    return 1
}
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p'; }
mkdir -p "$root/lib/x86_64-linux-gnu"
pending=()
for binary in "${binaries[@]}"; do
    while read -r library; do pending+=("$library"); done < <(needed "$binary")
done
copied=()
while [ ${#pending[@]} -gt 0 ]; do
    library=${pending[0]}
    pending=("${pending[@]:1}")
    [ -e "$root/lib/x86_64-linux-gnu/$library" ] && continue
    source=$(host_library "$library") || fail "$library: not on this machine"
    cp -L "$source" "$root/lib/x86_64-linux-gnu/$library"
    copied+=("$library")
    while read -r next; do pending+=("$next"); done < <(needed "$source")
done
interpreter=$(readelf -l "$root/usr/local/bin/webfence" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
mkdir -p "$root$(dirname "$interpreter")"
cp -L "$interpreter" "$root$interpreter"
echo "libraries: ${copied[*]} (loader $interpreter)"

mkdir -p "$root/etc" "$root/tmp" "$root/dev" "$root/proc" "$root/root"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/nonexistent\nnobody:x:65534:65534:nobody:/nonexistent:/nonexistent\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
printf '127.0.0.1 localhost\n::1 localhost\n' >"$root/etc/hosts"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$root/etc/nsswitch.conf"
: >"$root/etc/resolv.conf"
examples=/usr/local/share/webfence/Examples
[ -d "$root$examples/apps" ] || fail "the archive has no share/webfence/Examples"
echo "every file in it but $examples:"
(cd "$root" && find . -path ".$examples" -prune -o -type f -print | sed 's|^\./|  /|' | sort)

# Runs its arguments inside the root, from /, with a bare environment.
environment=(PATH=/usr/local/bin:/usr/bin:/bin HOME=/root)
if [ "$sandbox" = bwrap ]; then
    # Every namespace but the network's, so that the host reaches the server on loopback.
    inside() {
        local setenv=() variable
        for variable in "${environment[@]}"; do setenv+=(--setenv "${variable%%=*}" "${variable#*=}"); done
        bwrap --unshare-all --share-net --die-with-parent --ro-bind "$root" / --tmpfs /tmp \
            --dev /dev --proc /proc --chdir / --clearenv "${setenv[@]}" "$@"
    }
else
    mknod -m 666 "$root/dev/null" c 1 3 2>/dev/null || { : >"$root/dev/null"; mount --bind /dev/null "$root/dev/null"; mounted+=("$root/dev/null"); }
    mount -t proc proc "$root/proc" && mounted+=("$root/proc")
    # The environment is set outside: the root has no env of its own to run.
    chroot=$(command -v chroot)
    inside() { env -i "${environment[@]}" "$chroot" "$root" "$@"; }
fi

# Runs a command inside; fails unless its exit status is one of the given ones.
expect() {
    local statuses=$1 status=0
    shift
    printf '\n$ %s\n' "$*"
    inside "$@" >"$root.out" 2>&1 || status=$?
    head -n 12 "$root.out"
    [ "$(wc -l <"$root.out")" -le 12 ] || echo "  ... ($(wc -l <"$root.out") lines)"
    rm -f "$root.out"
    [[ " $statuses " == *" $status "* ]] || fail "$* exited $status inside the root, expected $statuses"
    echo "(exit $status, as expected)"
}

step "the toolchain is out of reach inside"
tools=(/opt/swift/usr/bin/swift /usr/bin/ld /bin/sh)
swift_here=$(command -v swift || true)
if [ -n "$swift_here" ] && [ "$swift_here" != /opt/swift/usr/bin/swift ]; then tools=("$swift_here" "${tools[@]}"); fi
for path in "${tools[@]}"; do
    if inside "$path" --version >/dev/null 2>&1; then fail "$path runs inside the root"; fi
    if [ -e "$path" ]; then where="on this machine"; else where="not on this machine either"; fi
    echo "  $path ($where): cannot be run inside"
done

step "commands inside the root"
expect 0 webfence --version
expect 0 webfence tour
expect 1 webfence audit "$examples/apps"
expect "0 1" webfence aasa lint "$examples/aasa/traps.json"

# Starts the server with the given command inside, waits for GET /health from outside, stops it.
serve_check() {
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server_log="$root.server.log"
inside "$@" --port "$port" >"$server_log" 2>&1 &
server_pid=$!
health=
for _ in $(seq 1 100); do
    health=$(curl -s --max-time 2 "http://127.0.0.1:$port/health" || true)
    [ -n "$health" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$server_log"; fail "webfence serve stopped before answering"; }
    sleep 0.2
done
normalized=$(printf '%s' "$health" | tr -d ' \n')
[ "$normalized" = '{"status":"ok"}' ] || { cat "$server_log"; fail "GET /health answered '$health' (within 20 s), not {\"status\":\"ok\"}"; }
echo "GET http://127.0.0.1:$port/health: $health"
# SIGTERM to the server itself, the one process without children under the one started above
# (bwrap and its init in the new PID namespace, or chroot, stand in between).
leaves() {
    local children
    children=$(ps -o pid= --ppid "$1" || true)
    if [ -z "$children" ]; then echo "$1"; return; fi
    for child in $children; do leaves "$child"; done
}
for pid in $(leaves "$server_pid"); do
    [ "$pid" = "$server_pid" ] || echo "stopping $(ps -o comm= -p "$pid") (pid $pid) with SIGTERM"
    kill -TERM "$pid" 2>/dev/null || true
done
status=0
wait "$server_pid" || status=$?
server_pid=
echo "server stopped (exit $status); its log:"
sed 's/^/  /' "$server_log" | tail -n 5
rm -f "$server_log"
}

step "webfence serve (in process), GET /health from outside"
serve_check webfence serve
step "webfence-serve (the link: the server alone), GET /health from outside"
serve_check webfence-serve

step "sizes"
du -h "$root"/usr/local/bin/* "$tarball" | sed "s|$root||"
for binary in "${binaries[@]}"; do printf '  %s: %s bytes\n' "${binary#"$root"}" "$(stat -c %s "$binary")"; done
printf '  %s: %s bytes\n' "$tarball" "$(stat -c %s "$tarball")"

step "start-up times, whole processes, $runs runs each (run on this machine, from the root's bin/)"
# Measured outside the sandbox (bwrap's own start would count otherwise), with the same binaries
# and the host's copies of the same libraries.
webfence="$root/usr/local/bin/webfence"
small="$root$examples/aasa/seed-004-legacy.json"
if ! command -v hyperfine >/dev/null; then
    if as_root apt-get update -q >/dev/null; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q hyperfine >/dev/null || true
    fi
fi
if command -v hyperfine >/dev/null; then
    hyperfine --style basic --shell=none --warmup 3 --runs "$runs" -i \
        -n 'webfence --version' "$webfence --version" \
        -n "webfence aasa lint $small" "$webfence aasa lint $small"
else
    echo "hyperfine could not be installed: timing with a loop of date +%s%N instead"
    for command in "$webfence --version" "$webfence aasa lint $small"; do
        start=$(date +%s%N)
        for _ in $(seq 1 "$runs"); do $command >/dev/null 2>&1 || true; done
        end=$(date +%s%N)
        echo "  $command: mean $(( (end - start) / runs / 1000 )) µs over $runs runs"
    done
fi

step "the archive runs with no toolchain and no other library ($sandbox)"

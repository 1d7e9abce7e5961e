#!/usr/bin/env python3
"""Lists WebFence's platform-specific code and fails where it is not guarded.

    python3 Scripts/check-platform-calls.py [--list]

Reads every Swift file of the repository (Sources, Tests, Plugins, Fuzz, Benchmarks; not
Integrations/WebKitGTK, which is a Linux program by design) and checks:

1. Each C-library import (Glibc, Musl, Darwin, WASILibc, ucrt, WinSDK, Android) sits under
   `#if canImport(<that module>)`, and a file that imports one of Glibc, Musl and Darwin imports all
   three, so the file builds with glibc, with musl (static Linux) and on Apple platforms.
2. Each Apple-only framework (UIKit, AppKit, Security, CryptoKit, Network, WebKit) is imported only
   under `#if canImport(<it>)`.
3. Each Linux-only name (MSG_NOSIGNAL, SOCK_STREAM.rawValue, Glibc., /proc/, epoll, ...) appears only
   inside a branch for Linux (`canImport(Glibc)`, `canImport(Musl)`, `os(Linux)`), and each
   Darwin-only name (SO_NOSIGPIPE, Darwin., _NSGetExecutablePath, ...) only inside a branch for Darwin.
   A use that compiles everywhere and is checked at run time instead (a test enabled only where
   /proc exists) says so in a `// platform-checked: why` comment on its line or the three before.

4. The targets an iOS app takes into its navigation delegate import no Foundation (and WebAddress
   nothing at all): FOUNDATION_FREE below.
5. No standard-library name newer than the package's oldest macOS or iOS (Package.swift's
   `.macOS(.vN)`, `.iOS(.vN)`; iOS for library targets only, which an app builds) is used without an
   `if #available` or `@available` naming those platforms at or past its versions, on its line or
   the three before: the compiler checks availability only when it builds for Apple platforms, so
   a Linux build accepts `Mutex` or `String(validating:as:)` that a Mac's build refuses. The names come
   from the toolchain's own interfaces (newer_stdlib_names.py says what that covers).

It prints every platform-specific call and the C library functions each file uses (POSIX, which
both Linux and Darwin have), with the totals; `--list` prints each occurrence. Exit status 1 when a
rule is broken. docs/platforms.md explains what this proves and what only a macOS build can.
"""
import os
import re
import sys

import newer_stdlib_names

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FOLDERS = ["Sources", "Tests", "Plugins", "Fuzz", "Benchmarks"]
C_LIBRARIES = ["Glibc", "Musl", "Darwin", "WASILibc", "ucrt", "WinSDK", "Android"]
APPLE_FRAMEWORKS = ["UIKit", "AppKit", "Security", "CryptoKit", "Network", "WebKit"]
LINUX_ONLY = [r"\bMSG_NOSIGNAL\b", r"\bSOCK_(STREAM|DGRAM|RAW)\.rawValue", r"\bGlibc\.", r"\bMusl\.",
              r"\bepoll_\w+", r"\binotify_\w+", r"\bsendfile\(", r"\bst_[amc]tim\b", r"\bO_PATH\b",
              r"\bO_TMPFILE\b", r"\baccept4\(", r"\bpipe2\(", r"\bmemfd_create\(", r"\bgetrandom\(",
              r"\bprctl\(", r"\bsched_getaffinity\(", r"\"/proc/", r"\bgettid\(", r"\bSOCK_CLOEXEC\b",
              r"\bSOCK_NONBLOCK\b", r"\bTCP_USER_TIMEOUT\b", r"\bsyscall\("]
DARWIN_ONLY = [r"\bSO_NOSIGPIPE\b", r"\bDarwin\.", r"\b_NSGetExecutablePath\b", r"\bst_[amc]timespec\b",
               r"\bkqueue\(", r"\bkevent\(", r"\bF_FULLFSYNC\b", r"\bSecTrust\w*", r"\bSecCertificate\w*"]
POSIX = ["open", "close", "read", "write", "pread", "pwrite", "fstat", "stat", "lstat", "fsync", "rename",
         "unlink", "mkdir", "rmdir", "strerror", "getaddrinfo", "freeaddrinfo", "gai_strerror", "inet_pton",
         "inet_ntop", "inet_addr", "memchr", "isatty", "setvbuf", "fflush", "execv", "strdup", "setenv",
         "unsetenv", "socket",
         "connect", "send", "recv", "setsockopt", "getpid", "kill", "signal", "fputs", "fwrite"]
# The targets an iOS app links for its decisions, and AssociationFetchCore (the fetch's values and
# checks, D99): no Foundation, so nothing of it differs between platforms. WebAddress imports nothing
# at all (a separate CI step proves its binary links neither Foundation nor ICU).
FOUNDATION_FREE = ["WebAddress", "StrictJSON", "StrictXML", "Findings", "AppBound", "ManagedWebViews",
                   "AssociatedDomains", "HybridFrameworks", "WebFenceNavigation", "AssociationFetchCore"]
# Targets no app links: the server, the watch and the command line (macOS only).
NOT_FOR_IOS = ["WebFenceServer", "WebFenceServe", "WebFenceCLI", "WebFenceCommands", "WebFenceCommandLine",
               "WebFenceWatch"]
LINUX_GUARD = re.compile(r"canImport\((Glibc|Musl)\)|os\((Linux|Android)\)")
DARWIN_GUARD = re.compile(r"canImport\(Darwin\)|os\((macOS|iOS|tvOS|watchOS|visionOS)\)")


def swift_files():
    for folder in FOLDERS:
        for directory, subdirectories, files in os.walk(os.path.join(ROOT, folder)):
            subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def code(line):
    """The line without its comment and string literals (good enough for these names)."""
    line = re.sub(r'"(\\.|[^"\\])*"', lambda m: '"/proc/"' if m.group(0).startswith('"/proc/') else '""', line)
    return line.split("//", 1)[0]


def declared_functions():
    """The names the repository declares as Swift functions: a bare call of one is not the C one."""
    names = set()
    for path in swift_files():
        names |= set(re.findall(r"\bfunc\s+(\w+)", open(path, encoding="utf-8").read()))
    return names


def declared_types():
    """The names the repository declares as types: its own `Job` is not the standard library's."""
    names = set()
    for path in swift_files():
        names |= set(re.findall(r"\b(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)",
                                open(path, encoding="utf-8").read()))
    return names


def scan(path, swift_names, newer):
    """(imports with their guards, occurrences, POSIX calls, problems) of one file."""
    stack = []  # each: [conditions of the branches so far, condition of the current branch]
    imports, occurrences, calls, problems = [], [], {}, []
    relative = os.path.relpath(path, ROOT)
    lines = open(path, encoding="utf-8").read().split("\n")
    explicit = any(re.match(r"\s*(@\w+\s+)*import\s+(" + "|".join(C_LIBRARIES) + r")\b", l) for l in lines)
    in_string = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        # Multi-line string literals hold text (a Swift file under test), not this file's code.
        if line.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        if in_string:
            continue
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            kind, condition = directive.group(1), directive.group(2).strip()
            if kind == "if":
                stack.append([[condition], condition])
            elif kind == "elseif" and stack:
                stack[-1][0].append(condition)
                stack[-1][1] = condition
            elif kind == "else" and stack:
                stack[-1][1] = "!(" + " || ".join(stack[-1][0]) + ")"
            elif kind == "endif" and stack:
                stack.pop()
            continue
        active = [frame[1] for frame in stack if not frame[1].startswith("!(")]
        text = code(raw)
        imported = re.match(r"\s*(@\w+\s+)*(internal |public |private )?import\s+(\w+)", text)
        target = relative.split(os.sep)[1] if relative.startswith("Sources" + os.sep) else None
        if imported and target in FOUNDATION_FREE and imported.group(3) in ("Foundation", "FoundationEssentials"):
            problems.append(f"{relative}:{number}: {target} imports {imported.group(3)}; it must not (an iOS app's "
                            f"decisions depend on it, and Foundation differs between platforms)")
        if imported and imported.group(3) in C_LIBRARIES + APPLE_FRAMEWORKS:
            module = imported.group(3)
            imports.append(module)
            if not any(f"canImport({module})" in condition for condition in active):
                problems.append(f"{relative}:{number}: import {module} is not under #if canImport({module})")
        for pattern in LINUX_ONLY + DARWIN_ONLY:
            for match in re.finditer(pattern, text):
                if any("platform-checked:" in lines[i] for i in range(max(0, number - 4), number)):
                    continue
                linux = pattern in LINUX_ONLY
                guard = LINUX_GUARD if linux else DARWIN_GUARD
                guarded = any(guard.search(condition) for condition in active)
                occurrences.append((relative, number, match.group(0), "Linux" if linux else "Darwin", guarded))
                if not guarded:
                    problems.append(f"{relative}:{number}: {match.group(0)} is {'Linux' if linux else 'Darwin'}-only "
                                    f"and not inside a branch for it")
        for pattern, (what, needs) in newer.items():
            # An app builds only library targets for iOS; the rest builds for macOS.
            needs = {p: v for p, v in needs.items() if p == "macOS" or (target and target not in NOT_FOR_IOS)}
            if not needs or not re.search(pattern, text):
                continue
            nearby = [lines[i] for i in range(max(0, number - 4), number)]
            if any("platform-checked:" in line for line in nearby):
                continue
            guarded = newer_stdlib_names.merged(*[newer_stdlib_names.versions(line) for line in nearby])
            if all(guarded.get(p, (0, 0)) >= v for p, v in needs.items()):
                continue
            problems.append(f"{relative}:{number}: {what} is newer than the package's oldest "
                            f"{' and '.join(sorted(needs))}; put it under `if #available` or `@available` for "
                            f"{', '.join(f'{p} {newer_stdlib_names.shown(v)}' for p, v in sorted(needs.items()))}, "
                            f"or use what they have")
        for name in POSIX:
            if name in swift_names and not explicit:
                continue
            if re.search(r"(?<![.\w])" + name + r"\(", text):
                calls[name] = calls.get(name, 0) + 1
    trio = {"Glibc", "Musl", "Darwin"}
    if trio & set(imports) and not trio <= set(imports):
        problems.append(f"{relative}: imports {', '.join(sorted(trio & set(imports)))} but not "
                        f"{', '.join(sorted(trio - set(imports)))}: each of glibc, musl and Darwin needs its branch")
    return imports, occurrences, calls, problems


def main() -> int:
    listing = "--list" in sys.argv
    files, problems, occurrences = 0, [], []
    posix_by_file = {}
    swift_names = declared_functions()
    minimum = newer_stdlib_names.minimums(os.path.join(ROOT, "Package.swift"))
    if "macOS" not in minimum or not newer_stdlib_names.interfaces():
        print("cannot check availability: no `.macOS(.vN)` in Package.swift, or no standard-library interfaces "
              "of a Linux toolchain beside `swift` (run it on Linux, as CI does)", file=sys.stderr)
        return 1
    own = declared_types()
    newer = {pattern: found for pattern, found in newer_stdlib_names.newer_patterns(minimum).items()
             if found[0].split(" ")[0].split(".")[0] not in own}
    for path in swift_files():
        files += 1
        imports, found, calls, broken = scan(path, swift_names, newer)
        problems += broken
        occurrences += found
        if calls and (set(imports) & set(C_LIBRARIES) or "Foundation" in open(path, encoding="utf-8").read()):
            posix_by_file[os.path.relpath(path, ROOT)] = calls
    print(f"{files} Swift files read.")
    print(f"Platform-specific names: {len(occurrences)}, each inside a branch for its platform:"
          if not [o for o in occurrences if not o[4]] else f"Platform-specific names: {len(occurrences)}:")
    by_file = {}
    for relative, number, name, platform, guarded in occurrences:
        by_file.setdefault(relative, []).append((number, name, platform, guarded))
    for relative, found in sorted(by_file.items()):
        names = sorted({f"{name} ({platform})" for _, name, platform, _ in found})
        print(f"  {relative}: {', '.join(names)}")
        if listing:
            for number, name, platform, guarded in found:
                print(f"    {number}: {name} {platform} {'guarded' if guarded else 'NOT GUARDED'}")
    print(f"C library calls (POSIX, on Linux and Darwin alike) in {len(posix_by_file)} files:")
    for relative, calls in sorted(posix_by_file.items()):
        print(f"  {relative}: {', '.join(f'{name}' + (f' ×{count}' if count > 1 else '') for name, count in sorted(calls.items()))}")
    if problems:
        print(f"{len(problems)} problems:")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print("every platform import is guarded, every platform-specific name is inside its platform's branch, "
          f"{', '.join(FOUNDATION_FREE)} import no Foundation, and none of the {len(newer)} standard-library "
          f"names newer than {' and '.join(f'{p} {newer_stdlib_names.shown(v)}' for p, v in sorted(minimum.items()))} "
          f"is used unguarded")
    return 0


if __name__ == "__main__":
    sys.exit(main())

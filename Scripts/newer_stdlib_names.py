"""The standard library's declarations newer than the package's oldest macOS, read from the
toolchain's own module interfaces (their `@available(macOS N, ...)` attributes are kept on Linux,
where the compiler does not check them). Used by check-platform-calls.py.

What it finds, as patterns over Swift code: top-level types and functions (`Mutex`, `Int128`,
`withDiscardingTaskGroup`) and labelled initialisers of older types (`String(validating:`). What it
cannot: members of older types (a new method of `Array`), and Foundation, whose Linux build carries
no availability at all; docs/platforms.md lists what only a macOS build confirms.
"""
import glob
import os
import re
import shutil

MODULES = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "RegexBuilder", "Observation"]
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|final|static|class|mutating|nonmutating|consuming|borrowing|"
    r"override|indirect|required|convenience|nonisolated|dynamic)\s+)*"
    r"(struct|class|enum|protocol|typealias|actor|func|init|var|let|subscript|extension)\b\s*([^\s(<:{=]*)(.*)")
AVAILABLE = re.compile(r"@available\(macOS (\d+)")


def minimum_macos(package_swift):
    """The major version of `.macOS(.vN)` in Package.swift."""
    found = re.search(r"\.macOS\(\.v(\d+)", open(package_swift, encoding="utf-8").read())
    return int(found.group(1)) if found else None


def interfaces():
    """The module interfaces of the toolchain that runs `swift`, or [] when there are none."""
    swift = shutil.which("swift")
    if not swift:
        return []
    library = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift")
    found = []
    for module in MODULES:
        found += sorted(glob.glob(os.path.join(library, "*", f"{module}.swiftmodule", "*-linux-gnu.swiftinterface")))
    return found


def declarations(path):
    """(kind, owner, name, macOS major) of each declaration of one interface; owner is the
    enclosing type or extension, "" at top level; an init's name is its labels."""
    found, stack, depth, pending = [], [], 0, 0
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        version = AVAILABLE.search(stripped)
        if version:
            pending = max(pending, int(version.group(1)))
        match = DECLARATION.match(line)
        opens = line.count("{") - line.count("}")
        if match:
            kind, name, rest = match.groups()
            inherited = max([frame[1] for frame in stack] or [0])
            if kind == "init":
                name = ",".join(re.findall(r"[(,]\s*(\w+)\s*(?:\w+\s*)?:", rest))
            owner = stack[-1][0].split(".")[-1] if stack else ""
            found.append((kind, owner, name, max(pending, inherited)))
            if kind in ("struct", "class", "enum", "protocol", "actor", "extension") and opens > 0:
                stack.append((name, max(pending, inherited), depth))
            pending = 0
        elif stripped and not stripped.startswith(("@", "#")):
            pending = 0
        depth += opens
        while stack and depth <= stack[-1][2]:
            stack.pop()
    return found


def newer_patterns(minimum):
    """{regex: "what it is (macOS N)"} for each name newer than macOS `minimum` and not also
    declared for `minimum` or older."""
    every = [d for path in interfaces() for d in declarations(path)]
    older = {(kind, owner, name) for kind, owner, name, version in every if version <= minimum}
    older_types = {name for kind, owner, name, version in every if version <= minimum and not owner
                   and kind in ("struct", "class", "enum", "protocol", "extension", "typealias")}
    patterns = {}
    for kind, owner, name, version in every:
        if version <= minimum or (kind, owner, name) in older or name.startswith("_") or owner.startswith("_"):
            continue
        if not owner and kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
            patterns[r"\b" + re.escape(name) + r"\b"] = f"{name} (macOS {version})"
        elif not owner and kind == "func":
            patterns[r"\b" + re.escape(name) + r"\s*[({]"] = f"{name} (macOS {version})"
        elif kind == "init" and owner in older_types and name and "_" not in name.split(","):
            labels = name.split(",")
            patterns[r"\b" + re.escape(owner) + r"\(\s*" + re.escape(labels[0]) + r":"] = \
                f"{owner}.init({':'.join(labels)}:) (macOS {version})"
    return patterns

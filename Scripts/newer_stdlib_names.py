"""The standard library's declarations newer than the package's oldest macOS or iOS, read from the
toolchain's own module interfaces (their `@available(macOS N, iOS M, ...)` attributes are kept on
Linux, where the compiler does not check them). Used by check-platform-calls.py.

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
PLATFORMS = ["macOS", "iOS"]


def named(text, pattern):
    """{platform: (major, minor)} for each platform whose `pattern` (formatted with its name, two
    groups: major and an optional minor) is found in `text`."""
    found = {}
    for platform in PLATFORMS:
        version = re.search(pattern.format(platform=platform), text)
        if version:
            found[platform] = (int(version.group(1)), int(version.group(2) or 0))
    return found


def versions(line):
    """{platform: (major, minor)} named by an `@available(...)` or `#available(...)` on `line`."""
    return merged(*[named(attribute, r"\b{platform} (\d+)(?:\.(\d+))?")
                    for attribute in re.findall(r"[#@]available\(([^)]*)\)", line)])


def minimums(package_swift):
    """{platform: (major, minor)} of Package.swift's `platforms` (`.macOS(.v14)`, `.iOS(.v16)`,
    `.macOS(.v10_15)`)."""
    return named(open(package_swift, encoding="utf-8").read(), r"\.{platform}\(\.v(\d+)(?:_(\d+))?")


def shown(version):
    """`15` for (15, 0), `16.4` for (16, 4)."""
    return f"{version[0]}" if version[1] == 0 else f"{version[0]}.{version[1]}"


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


def merged(*all):
    """The later version of each platform among `all`."""
    result = {}
    for each in all:
        for platform, version in each.items():
            result[platform] = max(result.get(platform, (0, 0)), version)
    return result


def declarations(path):
    """(kind, owner, name, {platform: major}) of each declaration of one interface; owner is the
    enclosing type or extension, "" at top level; an init's name is its labels."""
    found, stack, depth, pending = [], [], 0, {}
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        if stripped.startswith("@available("):
            pending = merged(pending, versions(stripped))
        match = DECLARATION.match(line)
        opens = line.count("{") - line.count("}")
        if match:
            kind, name, rest = match.groups()
            needs = merged(pending, *[frame[1] for frame in stack])
            if kind == "init":
                name = ",".join(re.findall(r"[(,]\s*(\w+)\s*(?:\w+\s*)?:", rest))
            owner = stack[-1][0].split(".")[-1] if stack else ""
            found.append((kind, owner, name, needs))
            if kind in ("struct", "class", "enum", "protocol", "actor", "extension") and opens > 0:
                stack.append((name, needs, depth))
            pending = {}
        elif stripped and not stripped.startswith(("@", "#")):
            pending = {}
        depth += opens
        while stack and depth <= stack[-1][2]:
            stack.pop()
    return found


def newer_patterns(minimum):
    """{regex: (what it is, {platform: version it needs})} for each name that needs a platform
    newer than `minimum` ({platform: major}) and is not also declared for `minimum` or older."""
    def newer(needs):
        return {p: v for p, v in needs.items() if p in minimum and v > minimum[p]}
    every = [d for path in interfaces() for d in declarations(path)]
    older = {(kind, owner, name) for kind, owner, name, needs in every if not newer(needs)}
    older_types = {name for kind, owner, name, needs in every if not newer(needs) and not owner
                   and kind in ("struct", "class", "enum", "protocol", "extension", "typealias")}
    patterns = {}
    for kind, owner, name, needs in every:
        late = newer(needs)
        if not late or (kind, owner, name) in older or name.startswith("_") or owner.startswith("_"):
            continue
        platforms = ", ".join(f"{p} {shown(v)}" for p, v in sorted(late.items()))
        if not owner and kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
            patterns[r"\b" + re.escape(name) + r"\b"] = (f"{name} ({platforms})", late)
        elif not owner and kind == "func":
            patterns[r"\b" + re.escape(name) + r"\s*[({]"] = (f"{name} ({platforms})", late)
        elif kind == "init" and owner in older_types and name and "_" not in name.split(","):
            labels = name.split(",")
            what = f"{owner}.init({':'.join(labels)}:) ({platforms})"
            # `String(validating:` and `String.init(validating:`; a defaulted first label cannot be told.
            patterns[r"\b" + re.escape(owner) + r"(\.init)?\(\s*" + re.escape(labels[0]) + r":"] = (what, late)
    return patterns

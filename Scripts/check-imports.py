#!/usr/bin/env python3
"""Every module a target imports is a dependency Package.swift lists for it, and every dependency it
lists is imported (issue 29).

A target can import a module it does not list when another target has built it first: `swift build`
of the whole package then succeeds and `swift test` or `swift run` of one product fails with "no such
module" on a bare clone, depending on build order. This check reads the manifest
(`swift package dump-package`) and each target's sources, and fails on either difference, so the
graph in Package.swift is the graph the code has.

Usage: Scripts/check-imports.py [PACKAGE_DIR]    (default: the current folder)

Modules of the toolchain (the standard library's, Foundation's, the C library's, Testing, XCTest,
PackagePlugin) need no listing. A product is taken to hold the module of its name; the few that do
not are in PRODUCT_MODULES.
"""

import json
import os
import re
import subprocess
import sys

TOOLCHAIN = {
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Dispatch", "Foundation",
    "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "Glibc", "Musl", "Darwin", "WinSDK", "ucrt", "WASILibc", "Android", "Bionic", "Testing", "XCTest", "PackagePlugin",
    "os", "CryptoKit", "Security",
}
# Products whose module is not the product's name.
PRODUCT_MODULES = {}
IMPORT = re.compile(
    r"^\s*(?:@[\w()]+\s+)*(?:public\s+|package\s+|internal\s+|fileprivate\s+|private\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M)
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
LINE_COMMENT = re.compile(r"//[^\n]*")
STRING = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"')


def manifest(package):
    out = subprocess.run(["swift", "package", "--package-path", package, "dump-package"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def imports(folder):
    """The modules the folder's Swift files import, each with the first file that does; None when
    the folder holds no Swift file."""
    found, swift = {}, False
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".swift"):
                continue
            swift = True
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            # Multi-line strings and comments may show `import` in examples; they import nothing.
            text = STRING.sub('""', BLOCK_COMMENT.sub("", text))
            text = LINE_COMMENT.sub("", text)
            for module in IMPORT.findall(text):
                found.setdefault(module, path)
    return found if swift else None


def target_folder(package, target):
    if target.get("path"):
        return os.path.join(package, target["path"])
    base = "Tests" if target["type"] == "test" else "Plugins" if target["type"] == "plugin" else "Sources"
    return os.path.join(package, base, target["name"])


def declared(target, executables):
    """The modules `target` may import, and those it lists only to have them built first (an
    executable a test runs)."""
    modules, built = set(), set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target") and value[0] in executables:
            built.add(value[0])
        elif kind in ("byName", "target"):
            modules.add(value[0])
        elif kind == "product":
            modules.add(PRODUCT_MODULES.get(value[0], value[0]))
    return modules, built


def main():
    package = sys.argv[1] if len(sys.argv) > 1 else "."
    description = manifest(package)
    problems = []
    checked = 0
    executables = {target["name"] for target in description["targets"] if target["type"] == "executable"}
    for target in description["targets"]:
        if target["type"] in ("binary", "system", "plugin", "macro"):
            continue
        folder = target_folder(package, target)
        if not os.path.isdir(folder):
            problems.append(f"{target['name']}: no sources at {folder}")
            continue
        used = imports(folder)
        if used is None:
            continue  # C sources: their headers say what they include
        listed, _ = declared(target, executables)
        for module, path in sorted(used.items()):
            if module == target["name"] and target["type"] != "test":
                # The compiler ignores it with a warning, which an incremental build does not repeat.
                problems.append(f"{path}: imports its own module, {module}")
                continue
            if module in TOOLCHAIN or module == target["name"]:
                continue
            if module not in listed:
                problems.append(f"{path}: imports {module}, which Package.swift does not list for {target['name']}")
        for module in sorted(listed - set(used)):
            problems.append(f"{target['name']}: lists {module} in Package.swift and imports it nowhere")
        checked += 1
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} difference(s) between Package.swift and the imports", file=sys.stderr)
        return 1
    print(f"{package}: every import of {checked} targets is listed in Package.swift, and every listed "
          "dependency is imported")
    return 0


if __name__ == "__main__":
    sys.exit(main())

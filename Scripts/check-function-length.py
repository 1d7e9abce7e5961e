#!/usr/bin/env python3
"""Fails when a function, initializer or computed property in the given folders is longer than a limit.

    Scripts/check-function-length.py [--limit 80] FOLDER...

Counts lines from the declaration to its closing brace (braces matched; braces inside string
literals and comments are rare enough in this code base to ignore, and would only lengthen a
count). Used by CI for Sources/Scenarios, the composing layer, where long functions hid four
dispatch styles in one (issue 16).

A table is not counted: a body that is one `switch self` whose cases are values and nothing else
(no statement, no call, no condition, once string literals are set aside), such as
`AuditCode`'s severity, title and fix for each code.
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|mutating|"
    r"nonmutating|override|final|nonisolated)\s+)*(?:func\s|init[?!]?[(<]|(?:var|subscript)\b[^=]*\{\s*$)")


STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
STATEMENT = re.compile(r"\b(?:if|guard|for|while|let|var|return|try|await|do|throw)\b|[=(][^)]*\(|\w\(")


def is_table(body):
    """Whether `body` (the lines inside the braces) is one `switch self` of values."""
    code = [STRING.sub('""', line).strip() for line in body]
    code = [line for line in code if line and not line.startswith("//")]
    if not code or code[0] != "switch self {" or code[-1] != "}":
        return False
    return not any(STATEMENT.search(line) for line in code[1:-1])


def long_functions(path, limit):
    lines = open(path, encoding="utf-8").read().split("\n")
    for start, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            for char in lines[end]:
                if char == "{":
                    depth, opened = depth + 1, True
                elif char == "}":
                    depth -= 1
            if opened and depth <= 0:
                if end - start + 1 > limit and not is_table(lines[start + 1 : end]):
                    yield start + 1, end - start + 1, line.strip()
                break
            if not opened and end > start and lines[end].strip() == "":
                break  # a protocol requirement: no body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("folders", nargs="+")
    arguments = parser.parse_args()
    failures = 0
    for folder in arguments.folders:
        for directory, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                for line, length, text in long_functions(path, arguments.limit):
                    print(f"{path}:{line}: {length} lines (limit {arguments.limit}): {text[:90]}")
                    failures += 1
    if failures:
        print(f"{failures} function(s) over {arguments.limit} lines", file=sys.stderr)
        return 1
    print(f"no function over {arguments.limit} lines in {', '.join(arguments.folders)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

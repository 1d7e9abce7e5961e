#!/usr/bin/env python3
"""docs/decisions.md's index lists every entry once, each link pointing at its entry's heading, and
every mark in the index ("changed by", "superseded", "extended by") is repeated in the entry itself.

Usage: Scripts/check-decisions-index.py [docs/decisions.md]
"""

import re
import sys


def anchor(heading):
    """GitHub's anchor for a heading: lowercased, punctuation but `-` dropped, spaces as `-`."""
    return re.sub(r"[^a-z0-9 _-]", "", heading.lower()).replace(" ", "-")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/decisions.md"
    text = open(path, encoding="utf-8").read()
    headings = {int(m.group(1)): m.group(0)[3:] for m in re.finditer(r"^## D(\d+)\. .*$", text, re.M)}
    start = text.index("## Index by area")
    index = text[start:text.index("\n## D", start)]
    links = re.findall(r"\[D(\d+)\]\(#([^)]+)\)( \([^)]*(?:\([^)]*\)[^)]*)*\))?", index)
    problems = []
    listed = [int(number) for number, _, _ in links]
    for number in sorted(set(headings) - set(listed)):
        problems.append(f"D{number} is not in the index")
    for number in sorted({n for n in listed if listed.count(n) > 1}):
        problems.append(f"D{number} is in the index twice")
    for number, target, mark in links:
        number = int(number)
        if number not in headings:
            problems.append(f"the index lists D{number}, which has no entry")
            continue
        if target != anchor(headings[number]):
            problems.append(f"D{number}'s link is #{target}, its heading's anchor #{anchor(headings[number])}")
        if mark:
            entry_start = text.index("## " + headings[number])
            entry = text[entry_start:text.find("\n## D", entry_start + 1)]
            for later in re.findall(r"D(\d+)", mark):
                if f"D{later}" not in entry:
                    problems.append(f"D{number} is marked{mark} in the index, and its entry does not name D{later}")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{path}: the index lists each of the {len(headings)} entries once, and every mark is in its entry")
    return 0


if __name__ == "__main__":
    sys.exit(main())

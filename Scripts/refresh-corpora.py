#!/usr/bin/env python3
"""Refresh the conformance corpora in Tests/Corpora (see Tests/Corpora/README.md).

Usage:
    Scripts/refresh-corpora.py psl                  # Public Suffix List tests, from PyPI's publicsuffixlist
    Scripts/refresh-corpora.py unicode              # NormalizationTest.txt and the idna package's UTS #46 cases
    Scripts/refresh-corpora.py wpt DIR              # urltestdata.json, toascii.json, IdnaTestV2.json from DIR
                                                    # (a web-platform-tests checkout's url/resources, or any
                                                    # folder holding newer copies)
    Scripts/refresh-corpora.py idnatest FILE        # Unicode's IdnaTestV2.txt, from a copy you have

Each command replaces its files and prints what to update in Tests/Corpora/README.md (source,
version, date). PyPI is reachable from every build machine; unicode.org and GitHub may not be, which
is why the WPT files and IdnaTestV2.txt are taken from a folder or file you name.

Versions are pinned here and must move together with the code they test:
- the Public Suffix List tests come from the publicsuffixlist release the bundled list comes from
  (Scripts/update-public-suffix-list.py records it in PublicSuffixListData.swift);
- the Unicode files match the Unicode version of Scripts/generate-uts46-tables.py.
"""

import ast
import glob
import re
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.path.join(ROOT, "Tests", "Corpora")

def bundled_publicsuffixlist():
    """The publicsuffixlist release the bundled list comes from (PublicSuffixListData.swift's source)."""
    path = os.path.join(ROOT, "Sources", "WebAddress", "PublicSuffixListData.swift")
    with open(path, encoding="utf-8") as source:
        match = re.search(r'static let source = "PyPI publicsuffixlist-([^-"]+)-', source.read())
    if not match:
        sys.exit("cannot read the bundled list's release from %s" % path)
    return "publicsuffixlist==" + match.group(1)
# NormalizationTest.txt of a newer Unicode version is valid for older data on every line whose code
# points were all assigned by then (the Normalization Stability Policy); DerivedAge.txt says which.
PYUNORMALIZE = "pyunormalize==18.0.0"
IDNA = "idna==3.11"


def sdist(requirement, tmp):
    """Downloads the source distribution of `requirement` and returns the opened tar file."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    "-d", tmp, requirement], check=True)
    archives = glob.glob(os.path.join(tmp, "*.tar.gz"))
    if len(archives) != 1:
        sys.exit("expected one source archive for %s, found %d" % (requirement, len(archives)))
    return tarfile.open(archives[0]), os.path.basename(archives[0])


def member(archive, suffix):
    names = [name for name in archive.getnames() if name.endswith(suffix)]
    if len(names) != 1:
        sys.exit("expected one %s in the archive, found %d" % (suffix, len(names)))
    return archive.extractfile(names[0]).read()


def write(relative, data):
    path = os.path.join(CORPORA, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as output:
        output.write(data)
    print("wrote Tests/Corpora/%s (%d bytes)" % (relative, len(data)))


def refresh_psl():
    with tempfile.TemporaryDirectory() as tmp:
        archive, name = sdist(bundled_publicsuffixlist(), tmp)
        write("psl/public_suffix_list.dat", member(archive, "publicsuffixlist/public_suffix_list.dat"))
        write("psl/test_psl.txt", member(archive, "publicsuffixlist/test_psl.txt"))
        print("source: PyPI %s" % name)


def idna_cases(source):
    """The cases of idna's generated test_idna_uts46.py: line number in IdnaTestV2.txt, input, and the
    expected ToUnicode and ToASCII (null when idna expects an error)."""
    cases = []
    classes = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    for function in classes[0].body:
        if not isinstance(function, ast.FunctionDef) or not function.name.startswith("test_uts46_"):
            continue
        line = int(function.name.rsplit("_", 1)[1])
        case = {"line": line}
        for statement, key in zip(function.body, ["toUnicode", "toASCII"]):
            call = statement.value
            if call.func.attr == "assertRaises":
                case["input"] = call.args[2].value
                case[key] = None
            else:
                case["input"] = call.args[0].args[0].value
                expected = call.args[1].value
                case[key] = expected.decode("ascii") if isinstance(expected, bytes) else expected
        cases.append(case)
    return cases


def idna2008_only(idna, uts46data, text):
    """Why idna rejects `text` where UTS #46 may not: its IDNA2008 rules (a code point UTS #46
    allows that IDNA2008 does not, NV8/XV8; or a CONTEXTO rule). None when its error is UTS #46's."""
    import bisect
    import re
    for operation in (idna.encode, idna.decode):
        try:
            operation(text, uts46=True, strict=True)
        except idna.InvalidCodepointContext as error:
            if str(error).startswith("Codepoint"):
                return "CONTEXTO"
            return None
        except idna.InvalidCodepoint as error:
            match = re.match(r"Codepoint U\+([0-9A-F]+) at position \d+ of .* not allowed", str(error))
            if match:
                code_point = int(match.group(1), 16)
                row = uts46data[bisect.bisect_right(uts46data, (code_point, "ZZ")) - 1]
                if row[1] in ("V", "D"):
                    return "NV8/XV8"
            return None
        except idna.IDNAError:
            return None
    return None


def refresh_unicode():
    with tempfile.TemporaryDirectory() as tmp:
        archive, name = sdist(PYUNORMALIZE, tmp)
        write("unicode/NormalizationTest.txt", member(archive, "tests/data/NormalizationTest.txt"))
        write("unicode/DerivedAge.txt", member(archive, "tests/data/DerivedAge.txt"))
        print("source: PyPI %s" % name)
    with tempfile.TemporaryDirectory() as tmp:
        archive, name = sdist(IDNA, tmp)
        version = member(archive, "idna/idnadata.py").decode("utf-8").split('__version__ = "')[1].split('"')[0]
        cases = idna_cases(member(archive, "tests/test_idna_uts46.py").decode("utf-8"))
        # The package's own code classifies its errors: those of IDNA2008 rules UTS #46 does not
        # have make the line's expectation idna's, not UTS #46's, and those lines are left out.
        package = os.path.join(tmp, "package")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", package, IDNA],
                       check=True)
        sys.path.insert(0, package)
        import idna
        from idna.uts46data import uts46data
        dropped = {}
        kept = []
        for case in cases:
            reason = None
            if case["toUnicode"] is None or case["toASCII"] is None:
                reason = idna2008_only(idna, uts46data, case["input"])
            if reason:
                dropped[reason] = dropped.get(reason, 0) + 1
            else:
                kept.append(case)
        cases = kept
        document = {
            "source": "IdnaTestV2.txt %s, as the tests generated from it in PyPI %s carry it" % (version, name),
            "operations": "UTS #46 ToUnicode and ToASCII (nontransitional), every check on; null: an error",
            "leftOut": "lines whose error idna reports for an IDNA2008 rule UTS #46 does not have: %s"
                       % ", ".join("%d for %s" % (count, reason) for reason, count in sorted(dropped.items())),
            "cases": cases,
        }
        # One case a line: readable, and a refresh shows as a small diff.
        header = json.dumps({key: value for key, value in document.items() if key != "cases"}, ensure_ascii=False)
        lines = ",\n".join(json.dumps(case, ensure_ascii=False) for case in cases)
        text = header[:-1] + ', "cases": [\n' + lines + "\n]}\n"
        # Lone surrogates (a few inputs hold one) are written as JSON escapes.
        write("unicode/idna-uts46-cases.json", text.encode("utf-8", errors="backslashreplace"))
        print("source: PyPI %s (%d cases, Unicode %s)" % (name, len(cases), version))


def refresh_wpt(directory):
    for name in ["urltestdata.json", "toascii.json", "IdnaTestV2.json"]:
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            sys.exit("%s is not in %s" % (name, directory))
        with open(path, "rb") as source:
            data = source.read()
        json.loads(data)
        write("wpt/" + name, data)


def refresh_idnatest(path):
    with open(path, "rb") as source:
        data = source.read()
    version = [line for line in data.decode("utf-8").splitlines() if line.startswith("# Version:")]
    print("IdnaTestV2.txt: %s" % (version[0] if version else "no version line"))
    write("unicode/IdnaTestV2.txt", data)


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("psl", "unicode", "wpt", "idnatest"):
        sys.exit(__doc__)
    command = sys.argv[1]
    if command == "psl":
        refresh_psl()
    elif command == "unicode":
        refresh_unicode()
    elif len(sys.argv) != 3:
        sys.exit("%s needs a path" % command)
    elif command == "wpt":
        refresh_wpt(sys.argv[2])
    else:
        refresh_idnatest(sys.argv[2])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate Sources/WebAddress/UTS46/UTS46Data.swift: the Unicode data WebAddress's UTS #46 needs.

Usage:
    Scripts/generate-uts46-tables.py            # Unicode 16.0.0, from the PyPI packages below
    Scripts/generate-uts46-tables.py --check    # regenerate in memory; exit 1 if the file differs

Where the data comes from (PyPI is reachable from every build machine; unicode.org is not):
- `idna` 3.11 carries the IDNA Mapping Table of UTS #46 16.0.0 (`idna/uts46data.py`: every range of
  code points with its status and mapping) and the Joining_Type of every code point
  (`idna/idnadata.py`, derived from DerivedJoiningType.txt 16.0.0, with T for marks and format
  characters).
- `unicodedata2` 16.0.0 is CPython's `unicodedata` module built on the Unicode 16.0.0 Character
  Database: Bidi_Class, General_Category, Canonical_Combining_Class, the canonical decompositions
  and NFC (from which the composition pairs and the NFC quick-check values are derived).
- The Bidi_Class of unassigned code points is not in either package (`unicodedata` leaves it blank),
  so the @missing lines of DerivedBidiClass.txt 16.0.0 are written below (`UNASSIGNED_BIDI`): R in
  Hebrew-like blocks, AL in Arabic-like ones, ET for currency symbols, BN for default ignorable code
  points and noncharacters, L elsewhere. They matter only for the status codes of invalid domains (an
  unassigned code point is always disallowed); IdnaTestV2.txt checks them.

The script installs both, at exactly these versions, into .build/uts46-generator (a folder of its
own, never the system Python), checks that each reports Unicode 16.0.0, and writes the tables as
base64 text that `UTS46Data` decodes once on first use (large array literals take the Swift compiler
tens of seconds; string literals take none). To move to a newer Unicode version, change the three
versions below, run the script, and run the tests: IdnaTestV2.txt of the same version must pass.

Table layout (read by Sources/WebAddress/UTS46/UnicodeTables.swift):
- `records`: UInt64 per distinct code-point record. Bits 0-23: IDNA status (3 bits), Bidi_Class
  (5), Joining_Type (3), Canonical_Combining_Class (8), General_Category=Mark (1), NFC_QC=Maybe (1),
  NFC_QC=No (1), has a canonical decomposition (1), can start a composition pair (1). Bits 24-42:
  the mapping of a mapped or deviation code point, as offset (14 bits) and length (5 bits) into
  `pool`. Bits 43-60: the full canonical decomposition, as offset (14 bits) and length (4 bits).
- `stage1`/`stage2`: a two-stage table from code point to record index (UInt16 each).
- `pool`: UInt32 code points of every mapping and decomposition.
- `compositions`: UInt64 (first << 42 | second << 21 | composite), sorted: the primary composites.
"""

import argparse
import base64
import os
import struct
import sys

import pinned_packages

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "WebAddress", "UTS46", "UTS46Data.swift")

UNICODE_VERSION = "16.0.0"
IDNA_PACKAGE = "idna==3.11"
UNICODEDATA2_PACKAGE = "unicodedata2==16.0.0"

# DerivedBidiClass.txt 16.0.0, its @missing lines: the Bidi_Class of unassigned code points.
UNASSIGNED_BIDI = [
    (0x0590, 0x05FF, "R"), (0x0600, 0x07BF, "AL"), (0x07C0, 0x085F, "R"), (0x0860, 0x08FF, "AL"),
    (0x20A0, 0x20CF, "ET"), (0xFB1D, 0xFB4F, "R"), (0xFB50, 0xFDCF, "AL"), (0xFDF0, 0xFDFF, "AL"),
    (0xFE70, 0xFEFF, "AL"), (0x10800, 0x10CFF, "R"), (0x10D00, 0x10D3F, "AL"), (0x10D40, 0x10EBF, "R"),
    (0x10EC0, 0x10EFF, "AL"), (0x10F00, 0x10F2F, "R"), (0x10F30, 0x10F6F, "AL"), (0x10F70, 0x10FFF, "R"),
    (0x1E800, 0x1EC6F, "R"), (0x1EC70, 0x1ECBF, "AL"), (0x1ECC0, 0x1ECFF, "R"), (0x1ED00, 0x1ED4F, "AL"),
    (0x1ED50, 0x1EDFF, "R"), (0x1EE00, 0x1EEFF, "AL"), (0x1EF00, 0x1EFFF, "R"),
]
# Unassigned code points that are Default_Ignorable_Code_Point (PropList.txt's
# Other_Default_Ignorable_Code_Point) default to BN, as do noncharacters.
UNASSIGNED_IGNORABLE = [(0x2065, 0x2065), (0xFFF0, 0xFFF8), (0xE0000, 0xE0000), (0xE0002, 0xE001F),
                        (0xE0080, 0xE00FF), (0xE01F0, 0xE0FFF)]

# Status values, as UnicodeTables.swift names them.
STATUS = {"V": 0, "M": 1, "D": 2, "I": 3, "X": 4}
# Bidi_Class values, in the order of BidiRule.BidiClass (ICU's UCharDirection numbering).
BIDI = ["L", "R", "EN", "ES", "ET", "AN", "CS", "B", "S", "WS", "ON", "LRE", "LRO", "AL", "RLE", "RLO", "PDF", "NSM",
        "BN", "FSI", "LRI", "RLI", "PDI"]
JOINING = {"U": 0, "L": 1, "R": 2, "D": 3, "T": 4, "C": 5}

S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
S_COUNT = L_COUNT * V_COUNT * T_COUNT


def load_packages():
    """Installs the pinned packages into their own folder and imports them from there."""
    pinned_packages.load([IDNA_PACKAGE, UNICODEDATA2_PACKAGE], "uts46-generator")
    import idna  # noqa: F401
    import unicodedata2
    from idna import idnadata, uts46data
    for name, version in [("idna's mapping table", uts46data.__version__), ("idna's data", idnadata.__version__),
                          ("unicodedata2", unicodedata2.unidata_version)]:
        if version != UNICODE_VERSION:
            sys.exit("%s is Unicode %s, expected %s" % (name, version, UNICODE_VERSION))
    return uts46data.uts46data, idnadata.joining_types, unicodedata2


def unassigned_bidi_class(cp):
    """The Bidi_Class DerivedBidiClass.txt gives an unassigned code point."""
    if 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE:
        return "BN"
    for start, end in UNASSIGNED_IGNORABLE:
        if start <= cp <= end:
            return "BN"
    for start, end, name in UNASSIGNED_BIDI:
        if start <= cp <= end:
            return name
    return "L"


def idna_statuses(table):
    """Status and mapping of every code point, from the table's (start, status[, mapping]) ranges."""
    status = [None] * 0x110000
    mapping = [None] * 0x110000
    for index, entry in enumerate(table):
        start = entry[0]
        end = table[index + 1][0] if index + 1 < len(table) else 0x110000
        code = entry[1]
        if code not in STATUS:
            sys.exit("unexpected IDNA status %r at U+%04X (UTS #46 16.0 has no STD3 statuses)" % (code, start))
        target = entry[2] if len(entry) > 2 else None
        for cp in range(start, end):
            status[cp] = STATUS[code]
            mapping[cp] = target
    return status, mapping


def build(uts46, joining_types, ud):
    status, mapping = idna_statuses(uts46)

    # Canonical decompositions (full, as NFD gives them) and the primary composites.
    decomposition = {}
    compositions = {}
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF or (S_BASE <= cp < S_BASE + S_COUNT):
            continue
        single = ud.decomposition(chr(cp))
        if not single or single.startswith("<"):
            continue
        decomposition[cp] = [ord(c) for c in ud.normalize("NFD", chr(cp))]
        parts = [int(x, 16) for x in single.split()]
        if len(parts) == 2 and ud.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
            compositions[(parts[0], parts[1])] = cp
    firsts = {first for first, _ in compositions}
    seconds = {second for _, second in compositions}
    seconds.update(range(V_BASE, V_BASE + V_COUNT))
    seconds.update(range(T_BASE + 1, T_BASE + T_COUNT))

    pool = []
    pool_index = {}

    def pool_ref(code_points, length_bits):
        key = tuple(code_points)
        if key not in pool_index:
            # Equal mappings (many code points map to the same string) share one entry.
            pool_index[key] = len(pool)
            pool.extend(code_points)
        offset = pool_index[key]
        if len(code_points) >= (1 << length_bits) or offset >= (1 << 14):
            sys.exit("a mapping or decomposition does not fit its reference")
        return offset | (len(code_points) << 14)

    records = []
    record_index = {}
    per_code_point = [0] * 0x110000
    for cp in range(0x110000):
        char = chr(cp)
        bidi = BIDI.index(ud.bidirectional(char) or unassigned_bidi_class(cp))
        joining = JOINING[chr(joining_types[cp])] if cp in joining_types else 0
        ccc = ud.combining(char) if not 0xD800 <= cp <= 0xDFFF else 0
        is_mark = ud.category(char).startswith("M")
        has_decomposition = cp in decomposition
        nfc_no = has_decomposition and ud.normalize("NFC", char) != char
        # Maybe: the code point can combine with the one before it, itself or through the first
        # code point of its decomposition (U+16D68 decomposes to U+16D67 U+16D67, and U+16D63
        # U+16D68 composes to U+16D6A: NormalizationTest.txt's "chained primary composites").
        nfc_maybe = cp in seconds or (has_decomposition and decomposition[cp][0] in seconds)
        low = (status[cp] | bidi << 3 | joining << 8 | ccc << 11 | int(is_mark) << 19 | int(nfc_maybe) << 20
               | int(nfc_no) << 21 | int(has_decomposition) << 22 | int(cp in firsts) << 23)
        value = low
        if status[cp] in (STATUS["M"], STATUS["D"]) and mapping[cp]:
            value |= pool_ref([ord(c) for c in mapping[cp]], 5) << 24
        if has_decomposition:
            value |= pool_ref(decomposition[cp], 4) << 43
        if value not in record_index:
            record_index[value] = len(records)
            records.append(value)
        per_code_point[cp] = record_index[value]
    if len(records) >= 0x10000:
        sys.exit("too many distinct records for 16-bit indexes")

    # The two-stage table: pick the block size that makes it smallest.
    best = None
    for shift in range(4, 10):
        size = 1 << shift
        blocks = {}
        stage1 = []
        stage2 = []
        for start in range(0, 0x110000, size):
            block = tuple(per_code_point[start:start + size])
            if block not in blocks:
                blocks[block] = len(stage2)
                stage2.extend(block)
            stage1.append(blocks[block])
        if max(stage1) >= 0x10000:
            continue
        total = 2 * (len(stage1) + len(stage2))
        if best is None or total < best[0]:
            best = (total, shift, stage1, stage2)
    _, shift, stage1, stage2 = best

    composition_list = sorted((first << 42) | (second << 21) | composite
                              for (first, second), composite in compositions.items())
    return {
        "shift": shift,
        "stage1": stage1,
        "stage2": stage2,
        "records": records,
        "pool": pool,
        "compositions": composition_list,
    }


def blob(values, fmt):
    data = b"".join(struct.pack("<" + fmt, v) for v in values)
    text = base64.b64encode(data).decode("ascii")
    return "\n".join(text[i:i + 116] for i in range(0, len(text), 116))


def render(tables):
    out = []
    out.append("// Generated by Scripts/generate-uts46-tables.py. Do not edit: run the script instead.")
    out.append("// Unicode %s data (IdnaMappingTable, DerivedJoiningType, UnicodeData), © Unicode, Inc.," % UNICODE_VERSION)
    out.append("// under the Unicode License v3 (https://www.unicode.org/license.txt).")
    out.append("")
    out.append("/// The Unicode data UTS #46 needs, as little-endian base64 that `UnicodeTables` decodes once.")
    out.append("enum UTS46Data {")
    out.append("    /// The Unicode version every table here comes from.")
    out.append('    static let unicodeVersion = "%s"' % UNICODE_VERSION)
    out.append("    /// The PyPI packages the script read.")
    out.append('    static let sources = "%s (IdnaMappingTable, Joining_Type), %s (UnicodeData, NFC)"'
               % (IDNA_PACKAGE.replace("==", " "), UNICODEDATA2_PACKAGE.replace("==", " ")))
    out.append("    /// log2 of the block size of the two-stage table.")
    out.append("    static let blockShift = %d" % tables["shift"])
    for name, fmt, doc in [
        ("stage1", "H", "Block index of each block of code points (UInt16)."),
        ("stage2", "H", "Record index of each code point, block by block (UInt16)."),
        ("records", "Q", "The distinct code-point records (UInt64)."),
        ("pool", "I", "Code points of every mapping and decomposition (UInt32)."),
        ("compositions", "Q", "Primary composites, sorted: first << 42 | second << 21 | composite (UInt64)."),
    ]:
        values = tables[name]
        out.append("")
        out.append("    /// %s %d values." % (doc, len(values)))
        out.append("    static let %sCount = %d" % (name, len(values)))
        out.append('    static let %s: StaticString = """' % name)
        for line in blob(values, fmt).split("\n"):
            out.append("        " + line)
        out.append('        """')
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file is not what the data gives")
    args = parser.parse_args()
    uts46, joining_types, ud = load_packages()
    text = render(build(uts46, joining_types, ud))
    if args.check:
        with open(OUTPUT, encoding="utf-8") as existing:
            if existing.read() != text:
                sys.exit("%s differs from what the data gives: run %s" % (OUTPUT, sys.argv[0]))
        print("up to date: Unicode %s" % UNICODE_VERSION)
        return
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as output:
        output.write(text)
    print("wrote %s (Unicode %s, %d bytes)" % (os.path.relpath(OUTPUT, ROOT), UNICODE_VERSION, len(text)))


if __name__ == "__main__":
    main()

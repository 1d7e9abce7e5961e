#!/usr/bin/env python3
"""Validates the SARIF log of every example against the SARIF 2.1.0 JSON schema.

    python3 Scripts/check-sarif.py path/to/webfence

Runs, from the repository's root, every command that reports findings with --format sarif, once
per example: `audit` on each app in Examples/apps (and on the folder), `aasa lint` on each file of
Examples/aasa, `rules lint` on each rule set of Examples/rules, `framework lint` on each
configuration of Examples/frameworks. Each log must validate against
Tests/Corpora/sarif/sarif-schema-2.1.0.json (OASIS, draft-04), and must have what GitHub code
scanning uses: rules with a short and full description, help and a help link; results with a
partial fingerprint and, for a file in the repository, a location relative to %SRCROOT%.
The pinned checker (PyPI jsonschema) is installed into .build/python-sarif on first use.
"""
import json
import os
import subprocess
import sys

from pinned_packages import load

PACKAGES = ["jsonschema==4.26.0"]
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCHEMA = os.path.join(ROOT, "Tests", "Corpora", "sarif", "sarif-schema-2.1.0.json")




def examples():
    """Every (name, arguments) whose SARIF log is checked."""
    def files(folder, keep):
        path = os.path.join(ROOT, folder)
        return [os.path.join(folder, name) for name in sorted(os.listdir(path)) if keep(name)]

    runs = [("audit Examples/apps", ["audit", "Examples/apps"])]
    runs += [(f"audit {app}", ["audit", app]) for app in files("Examples/apps", lambda n: n.endswith(".app"))]
    runs += [(f"aasa lint {f}", ["aasa", "lint", f]) for f in files("Examples/aasa", lambda n: n.endswith(".json"))]
    runs += [(f"rules lint {f}", ["rules", "lint", f]) for f in files("Examples/rules", lambda n: n.endswith(".json"))]
    configurations = ("capacitor.config.json", "config.xml", "Settings.swift")
    runs += [(f"framework lint {f}", ["framework", "lint", f])
             for f in files("Examples/frameworks", lambda n: n in configurations)]
    return runs


def problems_for_code_scanning(log):
    """What GitHub code scanning needs beyond the schema."""
    problems = []
    run = log["runs"][0]
    for rule in run["tool"]["driver"].get("rules", []):
        for key in ("shortDescription", "fullDescription", "help", "helpUri"):
            if key not in rule:
                problems.append(f"rule {rule['id']} has no {key}")
    for result in run.get("results", []):
        if "webfenceFingerprint/v1" not in result.get("partialFingerprints", {}):
            problems.append(f"result {result['ruleId']} has no partial fingerprint")
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        if not location["uri"].startswith("file:") and location.get("uriBaseId") != "SRCROOT":
            problems.append(f"result {result['ruleId']} at {location['uri']} is relative to no base")
    return problems


def main() -> int:
    load(PACKAGES, "python-sarif")
    import jsonschema

    webfence = os.path.abspath(sys.argv[1])
    with open(SCHEMA) as file:
        schema = json.load(file)
    validator = jsonschema.Draft4Validator(schema)
    checked, failed, invalid, results = 0, 0, 0, 0
    for name, arguments in examples():
        completed = subprocess.run([webfence] + arguments + ["--format", "sarif"], cwd=ROOT, capture_output=True,
                                   text=True, timeout=120)
        # 2 (a file that cannot be used) still writes its log, with an input.unusable result.
        if completed.returncode not in (0, 1, 2) or not completed.stdout.strip():
            print(f"{name}: exit {completed.returncode}: {completed.stderr.strip()}")
            failed += 1
            continue
        log = json.loads(completed.stdout)
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]
        errors += problems_for_code_scanning(log)
        checked += 1
        results += len(log["runs"][0].get("results", []))
        if errors:
            failed += 1
            invalid += 1
            print(f"{name}: does not validate")
            for error in errors[:10]:
                print(f"  {error}")
    print(f"{checked} SARIF logs checked against the SARIF 2.1.0 schema ({results} results): "
          f"{checked - invalid} valid, {invalid} not; {failed - invalid} commands did not run")
    return 0 if failed == 0 and checked > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

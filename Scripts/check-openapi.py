#!/usr/bin/env python3
"""Checks webfence serve's OpenAPI document, and every answer its tests received against it.

    python3 Scripts/check-openapi.py Sources/WebFenceServer/openapi.json RESPONSES.jsonl

RESPONSES.jsonl holds one {"method", "path", "status", "body"} object a line, as the server tests
write them when WEBFENCE_API_RESPONSES names the file. The document must be valid OpenAPI 3.1
(openapi-spec-validator); each answer must match the schema of its route and status (openapi-core).
The pinned checkers are installed from PyPI into .build/python-openapi on first use.
"""
import json
import sys

from pinned_packages import load

PACKAGES = ["openapi-spec-validator==0.8.5", "openapi-core==0.23.1"]




def main() -> int:
    load(PACKAGES, "python-openapi")
    from openapi_core import OpenAPI
    from openapi_core.testing import MockRequest, MockResponse
    from openapi_spec_validator import validate

    document_path, responses_path = sys.argv[1], sys.argv[2]
    with open(document_path) as file:
        document = json.load(file)
    validate(document)
    print(f"{document_path}: valid OpenAPI {document['openapi']}")
    api = OpenAPI.from_dict(document)
    checked, failed = 0, 0
    seen = set()
    with open(responses_path) as file:
        for line in file:
            entry = json.loads(line)
            request = MockRequest("http://localhost", entry["method"], entry["path"])
            response = MockResponse(
                data=entry["body"].encode(), status_code=entry["status"], content_type="application/json")
            checked += 1
            seen.add((entry["path"], entry["status"]))
            try:
                api.validate_response(request, response)
            except Exception as error:  # each failure is reported, then the run fails
                failed += 1
                print(f"does not conform: {entry['method'].upper()} {entry['path']} {entry['status']}: {error}")
                print(f"  body: {entry['body'][:300]}")
    print(f"{checked} answers checked, {checked - failed} conform, {failed} do not; "
          f"routes and statuses seen: {', '.join(f'{p} {s}' for p, s in sorted(seen))}")
    return 0 if failed == 0 and checked > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

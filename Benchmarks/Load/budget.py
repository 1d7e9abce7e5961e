#!/usr/bin/env python3
"""The worst a client can ask of `webfence serve`, eight requests at a time, while /health and an
ordinary /v1/aasa/match are timed beside them (issue 31, D112).

Each of 8 workers sends the worst-case requests below in turn, without pause, over its own
connection; a probe sends GET /health and the verify story's POST /v1/aasa/match, one after the
other, every 20 ms. At the end it prints each worst case's answers (status and code) and the
probes' latencies, and exits 1 if /health's p99 is 50 ms or more, the ordinary match's p99 is
100 ms or more, a probe failed, or a worst case got a 5xx other than a 503 with a code.

    swift build -c release --product webfence-serve
    .build/release/webfence-serve --log-level warning &
    python3 Benchmarks/Load/budget.py --seconds 30 http://127.0.0.1:8080

Only Python's standard library; a token (--token) is sent as a Bearer token.
"""
import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse

APP = "ABCDE12345.com.example.app"


def hostile_file(pattern_characters):
    """An association file of one component whose path is `*a` repeated: an automaton pattern."""
    pattern = "/" + "*a" * (pattern_characters // 2) + "b"
    return {"applinks": {"details": [{"appIDs": [APP], "components": [{"/": pattern}]}]}}


def match_case(index, aasa, path):
    return {"id": index, "domain": "example.com", "appId": APP, "url": "https://example.com" + path, "aasa": aasa}


def worst_cases():
    """(name, path, body bytes): each the most of one kind a 1 MiB body can ask for."""
    cases = []
    # Cases just under the per-case budget (50,000 pattern characters × a 990-byte link), as many
    # as fit in the body: the most deciding one request can be made to do.
    text = json.dumps(hostile_file(50_000))
    body = [match_case(i, text, "/" + "a" * 960) for i in range(18)]
    cases.append(("aasa/match, 18 cases at the case budget", "/v1/aasa/match", json.dumps(body)))
    # One case over the budget: 120,000 pattern characters × an 8 KiB link.
    body = [match_case(0, json.dumps(hostile_file(120_000)), "/" + "a" * 8_000)]
    cases.append(("aasa/match, one case over the budget", "/v1/aasa/match", json.dumps(body)))
    # An association file sent as an object, over 131,072 bytes as compact JSON.
    components = [{"/": "/p%d/*" % i} for i in range(8_000)]
    aasa = {"applinks": {"details": [{"appIDs": [APP], "components": components}]}}
    cases.append(("aasa/match, a 150 KB file as an object", "/v1/aasa/match", json.dumps([match_case(0, aasa, "/p1/x")])))
    # A rule set of 20,000 hosts and 10,000 cases.
    rules = {"version": 1, "allow": ["h%d.example" % i for i in range(20_000)]}
    body = {"rules": rules, "cases": [{"id": i, "url": "https://x%d.example/" % i} for i in range(10_000)]}
    cases.append(("rules/check, 20,000 rules × 10,000 cases", "/v1/rules/check", json.dumps(body)))
    # Cordova with 30,000 allow-navigation entries (each case carries its configuration, so one
    # case), and 6,000 cases of a small one.
    config = {"allowNavigation": ["https://*.h%d.example/*" % i for i in range(30_000)]}
    body = [{"id": 0, "framework": "cordova-ios", "config": config, "url": "https://x.example/" + "a" * 8_000}]
    cases.append(("framework/check, 30,000 entries", "/v1/framework/check", json.dumps(body)))
    config = {"allowNavigation": ["https://*.a.example/*", "https://b.example/*"]}
    body = [{"id": i, "framework": "cordova-ios", "config": config, "url": "https://x%d.example/" % i} for i in range(6_000)]
    cases.append(("framework/check, 6,000 cases", "/v1/framework/check", json.dumps(body)))
    # JSON nested 100,000 deep; a body one byte over the cap.
    cases.append(("aasa/match, JSON 100,000 deep", "/v1/aasa/match", "[" * 100_000))
    cases.append(("rules/check, a body over 1 MiB", "/v1/rules/check", " " * (1 << 20) + "{}"))
    return [(name, path, body.encode()) for name, path, body in cases]


# The verify story (aasa-match.lua's body): one file, one link, one app.
ORDINARY_FILE = {"applinks": {"details": [{"appIDs": [APP], "components": [
    {"/": "/help/*", "exclude": True}, {"/": "/shop/*", "?": {"ref": "?*"}}, {"/": "/account/*"}]}]}}
ORDINARY = json.dumps([match_case(1, ORDINARY_FILE, "/shop/items/42?ref=mail")]).encode()


def answer_code(answer):
    """The answer's error code, or a case's error code, read from its first bytes only: the workers
    parse no long answers, so the probes' timing is the server's, not this script's."""
    head = answer[:400].decode("utf-8", "replace")
    if head.startswith("{"):
        try:
            return json.loads(answer).get("code")
        except ValueError:
            return None
    marker = head.find('"error":"')
    if marker >= 0:
        return "per case: " + head[marker + 9:].split(":")[1].strip().split(" ")[0]
    return None


class Client:
    def __init__(self, base, token):
        url = urllib.parse.urlsplit(base)
        self.host, self.port, self.https = url.hostname, url.port or (443 if url.scheme == "https" else 80), url.scheme == "https"
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = "Bearer " + token
        self.connection = None

    def request(self, method, path, body=None):
        for attempt in range(2):
            if self.connection is None:
                kind = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
                self.connection = kind(self.host, self.port, timeout=60)
            try:
                self.connection.request(method, path, body=body, headers=self.headers)
                response = self.connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt == 1:
                    raise


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8080")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--token")
    arguments = parser.parse_args()

    worst = worst_cases()
    stop = time.monotonic() + arguments.seconds
    outcomes, lock = {}, threading.Lock()

    def worker(offset):
        client = Client(arguments.base, arguments.token)
        index = offset
        while time.monotonic() < stop:
            name, path, body = worst[index % len(worst)]
            index += 1
            started = time.monotonic()
            try:
                status, answer = client.request("POST", path, body)
                code = answer_code(answer)
            except (http.client.HTTPException, OSError) as error:
                status, code = "closed", type(error).__name__
            with lock:
                outcomes.setdefault(name, []).append((status, code, time.monotonic() - started))

    probes = {"GET /health": [], "POST /v1/aasa/match (ordinary)": []}
    failures = []

    def probe():
        client = Client(arguments.base, arguments.token)
        while time.monotonic() < stop:
            for name, method, path, body in [("GET /health", "GET", "/health", None),
                                             ("POST /v1/aasa/match (ordinary)", "POST", "/v1/aasa/match", ORDINARY)]:
                started = time.monotonic()
                status, answer = client.request(method, path, body)
                probes[name].append((time.monotonic() - started) * 1000)
                if status != 200:
                    failures.append((name, status, answer[:200]))
            time.sleep(0.02)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(arguments.workers)]
    threads.append(threading.Thread(target=probe))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    bad = list(failures)
    print("| worst case, %d in flight | answers | status: code | mean seconds |" % arguments.workers)
    print("|---|---:|---|---:|")
    for name, _, _ in worst:
        got = outcomes.get(name, [])
        kinds = {}
        for status, code, _ in got:
            kinds[(status, code)] = kinds.get((status, code), 0) + 1
            if status == "closed" or (isinstance(status, int) and status >= 500 and not (status == 503 and code)):
                bad.append((name, status, code))
        summary = ", ".join("%s: %s ×%d" % (status, code, count) for (status, code), count in sorted(kinds.items(), key=str))
        mean = sum(seconds for _, _, seconds in got) / len(got) if got else float("nan")
        print("| %s | %d | %s | %.3f |" % (name, len(got), summary, mean))
    print()
    print("| probe | requests | p50 ms | p99 ms | max ms | goal |")
    print("|---|---:|---:|---:|---:|---|")
    for name, goal in [("GET /health", 50), ("POST /v1/aasa/match (ordinary)", 100)]:
        times = probes[name]
        p99 = percentile(times, 0.99)
        print("| %s | %d | %.1f | %.1f | %.1f | p99 < %d ms: %s |" % (
            name, len(times), percentile(times, 0.5), p99, max(times, default=float("nan")), goal,
            "met" if p99 < goal else "MISSED"))
        if not p99 < goal:
            bad.append((name, "p99", p99))
    for item in sorted(set(map(str, bad))):
        print("problem:", item, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

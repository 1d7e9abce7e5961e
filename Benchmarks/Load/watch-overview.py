#!/usr/bin/env python3
"""The watch's overview at 1,000 domains x 100 versions a route, through GET /v1/watch and /watch,
on either store (issue 31, D114, D115).

It fills a store with 1,000 domains, each route with 100 versions of a 4,000-byte file made
current in turn (a change each), and every domain scheduled a year ahead (so that the server
fetches nothing while it is measured); starts `webfence serve --watch` on it; asks for
/v1/watch and /watch `--rounds` times, one request at a time; and prints the median and the 90th
percentile of each, and the answer's size. It exits 1 when a /v1/watch answer does not list
1,000 domains with 100 versions on each route.

    swift build -c release --product webfence-serve
    python3 Benchmarks/Load/watch-overview.py --store sqlite
    python3 Benchmarks/Load/watch-overview.py --store postgres \\
        --postgres 'postgres://user:password@127.0.0.1:5432/db?sslmode=disable'

The PostgreSQL URL names a database whose user may create others: a new database is made for
the run and dropped after it (psql must be installed). Only Python's standard library otherwise.
"""
import argparse
import http.client
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

DOMAINS, VERSIONS, BODY = 1_000, 100, 4_000
YEAR = 365 * 86_400


def schema_from_server(binary, database, port):
    """Starts the server once on `database` so that it creates its tables, then stops it."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as watch:
        watch.write("d0.example\n")
    server = start(binary, database, watch.name, port)
    server.terminate()
    server.wait()
    os.unlink(watch.name)


def start(binary, database, watch_file, port):
    server = subprocess.Popen(
        [binary, "--port", str(port), "--log-level", "error", "--watch", watch_file, "--watch-database", database,
         "--watch-interval", str(7 * 86_400)])
    for _ in range(600):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    sys.exit("the server did not start")


def fill_sqlite(path):
    database = sqlite3.connect(path)
    database.executescript("DELETE FROM change; DELETE FROM routeState; DELETE FROM version; DELETE FROM lease;")
    rows = database.cursor()
    future = time.time() + YEAR
    for domain in range(DOMAINS):
        name = f"d{domain}.example"
        for route in ("cdn", "direct"):
            for index in range(VERSIONS):
                rows.execute(
                    "INSERT INTO version (domain, route, contentHash, status, outcome, headers, body, firstSeen,"
                    " lastSeen) VALUES (?, ?, ?, 200, 'received', '', ?, ?, ?)",
                    (name, route, f"hash-{index}", random.randbytes(BODY), index, index + 0.5))
                version = rows.lastrowid
                rows.execute("INSERT INTO change (domain, route, versionID, at) VALUES (?, ?, ?, ?)",
                             (name, route, version, index))
            rows.execute(
                "INSERT INTO routeState (domain, route, versionID, lastChanged, versionCount) VALUES (?, ?, ?, ?, ?)",
                (name, route, version, VERSIONS - 1, VERSIONS))
        rows.execute("INSERT INTO lease (domain, nextDue) VALUES (?, ?)", (name, future))
    database.commit()
    database.close()


FILL_POSTGRES = f"""
DELETE FROM watch_change; DELETE FROM watch_route_state; DELETE FROM watch_version; DELETE FROM watch_lease;
INSERT INTO watch_version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
SELECT 'd' || d || '.example', r, 'hash-' || i, 200, 'received', '',
    convert_to(repeat(md5(d || r || i), {BODY // 32}), 'UTF8'), i, i + 0.5
FROM generate_series(0, {DOMAINS - 1}) AS d, unnest(ARRAY['cdn', 'direct']) AS r, generate_series(0, {VERSIONS - 1}) AS i;
INSERT INTO watch_change (domain, route, versionID, at)
SELECT domain, route, id, firstSeen FROM watch_version ORDER BY id;
INSERT INTO watch_route_state (domain, route, versionID, lastChanged, versionCount)
SELECT domain, route, MAX(id), MAX(firstSeen), COUNT(*) FROM watch_version GROUP BY domain, route;
INSERT INTO watch_lease (domain, nextDue)
SELECT 'd' || d || '.example', extract(epoch FROM now()) + {YEAR} FROM generate_series(0, {DOMAINS - 1}) AS d;
ANALYZE watch_version, watch_change, watch_route_state, watch_lease;
"""


def psql(url, sql):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", without_sslmode(url)], input=sql, text=True, check=True)


def without_sslmode(url):
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(query=""))


def timed(port, path, rounds):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times, body = [], b""
    for _ in range(rounds):
        started = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            sys.exit(f"{path}: {response.status} {body[:200]!r}")
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], body


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], required=True)
    parser.add_argument("--postgres", help="a database whose user may create others (with --store postgres)")
    parser.add_argument("--binary", default=".build/release/webfence-serve")
    parser.add_argument("--port", type=int, default=8093)
    parser.add_argument("--rounds", type=int, default=30)
    arguments = parser.parse_args()

    folder = tempfile.mkdtemp()
    if arguments.store == "sqlite":
        database = os.path.join(folder, "watch.sqlite")
        schema_from_server(arguments.binary, database, arguments.port)
        started = time.time()
        fill_sqlite(database)
    else:
        if not arguments.postgres:
            sys.exit("--store postgres needs --postgres URL")
        name = f"webfence_overview_{os.getpid()}"
        psql(arguments.postgres, f"CREATE DATABASE {name}")
        parts = urllib.parse.urlsplit(arguments.postgres)
        database = urllib.parse.urlunsplit(parts._replace(path="/" + name))
        schema_from_server(arguments.binary, database, arguments.port)
        started = time.time()
        psql(database, FILL_POSTGRES)
    print(f"filled {DOMAINS} domains x 2 routes x {VERSIONS} versions in {time.time() - started:.0f} s")

    watch_file = os.path.join(folder, "watch.txt")
    with open(watch_file, "w") as handle:
        handle.write("".join(f"d{domain}.example\n" for domain in range(DOMAINS)))
    server = start(arguments.binary, database, watch_file, arguments.port)
    failed = False
    try:
        timed(arguments.port, "/v1/watch", 3)  # connections and caches warm
        median, p90, body = timed(arguments.port, "/v1/watch", arguments.rounds)
        answer = json.loads(body)
        good = len(answer["domains"]) == DOMAINS and all(
            route["versions"] == VERSIONS for domain in answer["domains"] for route in domain["routes"])
        failed = not good
        print(f"GET /v1/watch ({arguments.store}): median {median:.1f} ms, p90 {p90:.1f} ms, {len(body):,} bytes,"
              f" {'every domain and count right' if good else 'WRONG ANSWER'}")
        median, p90, body = timed(arguments.port, "/watch", arguments.rounds)
        print(f"GET /watch ({arguments.store}): median {median:.1f} ms, p90 {p90:.1f} ms, {len(body):,} bytes")
    finally:
        server.terminate()
        server.wait()
        if arguments.store == "postgres":
            psql(arguments.postgres, f"DROP DATABASE {name} WITH (FORCE)")
        else:
            os.unlink(database)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

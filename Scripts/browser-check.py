#!/usr/bin/env python3
"""Drives `webfence serve`'s pages in a real browser (headless Chromium) and checks what they show.

    python3 Scripts/browser-check.py .build/debug/webfence [--screenshots DIR] [--chromium PATH]

Starts `webfence serve` on a free loopback port and Debian's `chromium` headless, then speaks the
DevTools protocol to it (over a WebSocket written here: standard library only). For each entry of
CASES it opens the page, pastes real input into the form's fields, clicks the submit button with
the mouse, waits for the answer page and checks, one printed line a check:

- the form page and the answer page load (HTTP 200), with their style sheet (`/style.css`, 200,
  its rules read by the page);
- the answer shows the expected verdicts (the `verdict` words, in the table row of a URL or an app
  when a row is named) and texts (outside the form: in what the page answers);
- no console error, no Content-Security-Policy violation, no uncaught exception;
- no script ran: no dialog opened, no `<script>` element and no event-handler attribute in the page
  (the hostile cases paste `<script>alert(1)</script>` and friends, which must show as text).

The watch pages are used for real, offline: before the server, a local HTTPS server (a thread here,
its certificate signed by a certificate authority made with `openssl`) serves
Examples/aasa/seed-004-components.json as `localhost:PORT`'s association file, and `webfence serve`
watches that domain every 10 s (`--watch`, `--allow-private-networks`, `--ca-file` the authority).
Once /v1/watch shows the file received, the file gains a component; once the watch has recorded it
as the second version (within 30 s), /watch must show the domain's file received from the server and
/watch/domain the two versions with the added lines as `<ins>` lines. Apple's CDN is asked too: it
may fail or answer 404 (it does not know the domain), which is not checked.

Two controls at the end show the watchers are not blind: a dialog opened from DevTools is seen, and
markup injected from DevTools that the CSP refuses is reported. With --screenshots, a 1200x900 PNG
of each case that names one is written there (docs/images/ holds the committed ones). Prints
`browser: N pages, M checks, all passed`, or the failures with the page's text and exits 1. The
server and the browser are stopped on every exit, and every wait has a time limit.

A new page is one more entry in CASES: its path, the form's fields by element id (a text pasted, an
option chosen, or for a file input a file of the repository, a folder zipped, or a (name, text)
file made for the case) and what its answer must show. An entry without fields checks the page as
it opens.
"""
import argparse
import base64
import hashlib
import json
import os
import shutil
import http.server
import signal
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass, field

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
VIEWPORT = (1200, 900)
TIMEOUT = 20  # seconds: the bound of every single wait (a page load, a DevTools answer, a start)


# ---------------------------------------------------------------------------------------------------
# The cases: one entry per use of a form.


def example(path):
    """The text of a file of the repository."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return file.read()


def scenario_with_a_wrong_expectation():
    """seed-2-shop-app.json with one expectation that does not hold (a load that fails, expected to commit)."""
    scenario = json.loads(example("Examples/scenarios/seed-2-shop-app.json"))
    wrong = next(step for step in scenario["steps"] if step.get("load") == "https://reviews.example/")
    wrong["expect"] = {"result": "committed"}
    return json.dumps(scenario, indent=2)


@dataclass
class Row:
    """A verdict expected in the table row whose cells include every one of `cells` (exact texts);
    no cells: anywhere on the page. With `column`, in that cell of the row (0: the first)."""
    verdict: str
    cells: tuple = ()
    column: int = None


@dataclass
class Case:
    """One use of a page's form: opened, filled, submitted, its answer checked (and photographed).
    Without fields, the page itself is checked, as opened."""
    name: str
    path: str  # the page opened
    fields: dict = None  # element id -> text pasted, option chosen, or the file chosen: a path of the repository
    # (a folder is zipped), or (name, text) for a file made for the case
    verdicts: list = field(default_factory=list)  # Row expectations
    texts: list = field(default_factory=list)  # texts the answer shows (outside the form)
    form: str = ""  # the action of the form submitted, when it is not the page's path
    screenshot: str = ""  # the PNG's name under --screenshots
    inserted: list = field(default_factory=list)  # (h2 prefix, text): an <ins> line of that section has the text

    @property
    def action(self):
        return self.form or self.path


AASA = "Examples/aasa/seed-004-components.json"
HOSTILE_AASA = json.dumps({"applinks": {"details": [{
    "appIDs": ["ABCDE12345.com.example.app"],
    "components": [{"/": "/<script>alert(1)</script>/*", "comment": "<img src=x onerror=alert(2)>"}]}]}}, indent=2)
HOSTILE_SCENARIO = json.dumps({
    "name": "<script>alert(1)</script>",
    "app": {"infoPlist": {"WKAppBoundDomains": ["shop.example"]}, "entitlements": {}},
    "webViews": [{"id": "<b onmouseover=alert(2)>v</b>"}],
    "steps": [{"webView": "<b onmouseover=alert(2)>v</b>", "load": "https://shop.example/"}]}, indent=2)

HOSTILE_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>CFBundleIdentifier</key><string>&lt;script&gt;alert(1)&lt;/script&gt;</string>
<key>WKAppBoundDomains</key><array><string>&lt;img src=x onerror=alert(2)&gt;</string></array>
</dict></plist>
"""

CASES = [
    Case("universal links: a link that matches", "/",
         {"file": example(AASA), "domain": "example.com", "link": "https://example.com/buy/42"},
         verdicts=[Row("match", ("applinks", "ABCDE12345.com.example.app")),
                   Row("match", ("applinks", "ABCDE12345.com.example.app2"))],
         texts=["A device reads every part of it: no finding."]),
    Case("universal links: a file with traps, a link it excludes", "/",
         {"file": example("Examples/aasa/traps.json"), "domain": "example.com",
          "link": "https://example.com/GB/shop/42", "appID": "ABCDE12345.com.example.App"},
         verdicts=[Row("exclude", ("applinks", "ABCDE12345.com.example.App")),
                   Row("warning", ("aasa.rule.fragmentTrap",)), Row("warning", ("aasa.region.uk",))],
         texts=["why each rule before failed"], screenshot="serve-universal-links.png"),
    Case("universal links: a link that does not match", "/",
         {"file": example(AASA), "domain": "example.com", "link": "https://example.com/help/website/faq",
          "appID": "ABCDE12345.com.example.app2"},
         verdicts=[Row("exclude", ("applinks", "ABCDE12345.com.example.app2"))]),
    Case("universal links: no rule matches", "/",
         {"file": example(AASA), "domain": "example.com", "link": "https://example.com/about"},
         verdicts=[Row("no_match", ("applinks", "ABCDE12345.com.example.app"))]),
    Case("app: a zipped .app uploaded", "/app", {"app": "Examples/apps/CapacitorApp.app"},
         verdicts=[Row("1 error"), Row("error", ("framework.bridge.notAppBound",)),
                   Row("warning", ("capacitor.serverURL.prefix",)), Row("note")],
         texts=["hybrid framework: Capacitor 8"], screenshot="serve-app.png"),
    Case("app: a project's Info.plist uploaded", "/app", {"infoPlist": "Examples/apps/ShopApp.app/Info.plist"},
         verdicts=[Row("no error")], texts=["bundle ID com.example.shop"]),
    Case("rules: a rule set and URLs", "/rules",
         {"rules": example("Examples/rules/shop.json"),
          "rules-urls": "https://shop.example/cart\nhttps://img.cdn.example.net/a.png\nhttps://ads.cdn.example.net/x\n"
                        "https://shop.example@evil.com/\nhttps://api.shop.example:8443/v2/orders\n",
          "rules-frame": "main"},
         form="/rules/check",
         verdicts=[Row("allow", ("https://shop.example/cart", "shop.example")),
                   Row("allow", ("https://img.cdn.example.net/a.png",)),
                   Row("cancel", ("https://ads.cdn.example.net/x",)),
                   Row("openExternally", ("https://shop.example@evil.com/", "evil.com")),
                   Row("openExternally", ("https://api.shop.example:8443/v2/orders",))],
         screenshot="serve-rules.png"),
    Case("frameworks: a Capacitor configuration and URLs", "/rules",
         {"framework": "capacitor", "config": example("Examples/frameworks/capacitor.config.json"),
          "framework-urls": "https://app.example.com.evil.net/\nhttps://pay.example.com/checkout\n"
                            "https://evil.example/\n"},
         form="/frameworks/check",
         verdicts=[Row("bypass", ("https://app.example.com.evil.net/", "app.example.com.evil.net")),
                   Row("allow", ("https://pay.example.com/checkout",)),
                   Row("openExternally", ("https://evil.example/",))],
         texts=["The rule set that allows what it meant, without its holes"],
         screenshot="serve-frameworks.png"),
    Case("frameworks: a PWABuilder shell's Settings.swift and URLs", "/rules",
         {"framework": "pwabuilder", "config": example("Examples/frameworks/Settings.swift"),
          "framework-urls": "https://news.example.evil.net/\nhttps://accounts.google.com/o/oauth2\n"
                            "https://other.example/\n"},
         form="/frameworks/check",
         verdicts=[Row("bypass", ("https://news.example.evil.net/", "news.example.evil.net")),
                   Row("allow", ("https://accounts.google.com/o/oauth2",)),
                   Row("openExternally", ("https://other.example/",))],
         texts=["Done toolbar shown"]),
    Case("frameworks: who reaches flutter_inappwebview's bridge", "/rules",
         {"bridge-framework": "flutter-inappwebview",
          "bridge-config": example("Examples/frameworks/flutter-inappwebview.json"),
          "bridge-urls": "https://app.example.com.evil.net/\nhttps://help.example.com/\n"},
         form="/frameworks/bridge",
         verdicts=[Row("refused", ("https://app.example.com.evil.net/", "https://app.example.com.evil.net")),
                   Row("reaches native code", ("https://help.example.com/",))],
         texts=["Who reaches flutter-inappwebview's bridge"]),
    Case("app: a built PWABuilder shell uploaded", "/app", {"app": "Examples/apps/PWABuilderApp.app"},
         verdicts=[Row("error", ("pwabuilder.authOrigin.notAppBound",)),
                   Row("warning", ("pwabuilder.origin.substring",))],
         texts=["hybrid framework: PWABuilder iOS shell"]),
    Case("scenario: every expectation holds", "/scenario",
         {"scenario": example("Examples/scenarios/seed-2-shop-app.json")},
         verdicts=[Row("every expectation held")], texts=["ShopApp: self-hosted content with limits on"],
         screenshot="serve-scenario.png"),
    Case("scenario: an expectation that does not hold", "/scenario",
         {"scenario": scenario_with_a_wrong_expectation()},
         verdicts=[Row("1 step did not go as expected"), Row("expected")]),
    Case("scenario: a file naming a plist is refused", "/scenario",
         {"scenario": example("Examples/scenarios/AboutFilesAreAppBound.json")},
         texts=["The scenario cannot be run"]),
    # Hostile input: shown as text, never run.
    Case("hostile: script in an association file's path", "/",
         {"file": HOSTILE_AASA, "domain": "example.com", "link": "https://example.com/other"},
         verdicts=[Row("no_match", ("applinks", "ABCDE12345.com.example.app"))],
         texts=["<script>alert(1)</script>"]),
    Case("hostile: markup in an uploaded plist and its name", "/app",
         {"infoPlist": ("<img src=x onerror=alert(3)>.plist", HOSTILE_PLIST)},
         texts=["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "<img src=x onerror=alert(3)>.plist"]),
    Case("hostile: markup as the domain", "/",
         {"file": example(AASA), "domain": "<img src=x onerror=alert(1)>"},
         texts=["<img src=x onerror=alert(1)> is not a domain"]),
    Case("hostile: script URLs and markup as URLs", "/rules",
         {"rules": example("Examples/rules/shop.json"),
          "rules-urls": "javascript:alert(1)\n\"><svg onload=alert(2)>\n"},
         form="/rules/check",
         verdicts=[Row("cancel", ("javascript:alert(1)",)), Row("cancel", ("\"><svg onload=alert(2)>",))],
         texts=["javascript:alert(1)", "\"><svg onload=alert(2)>"]),
    Case("hostile: markup in a scenario's names", "/scenario", {"scenario": HOSTILE_SCENARIO},
         texts=["<script>alert(1)</script>", "<b onmouseover=alert(2)>v</b>"]),
]


# The watched domain: a local HTTPS server (WatchedSite) whose association file changes once while
# `webfence serve --watch` watches it; these cases run once the watch has recorded both versions.
WATCHED_AASA = "Examples/aasa/seed-004-components.json"
ADDED_COMPONENT = {"/": "/gift-cards/*", "comment": "Added while the watch was watching"}


def changed_watched_aasa():
    """WATCHED_AASA with one component more (ADDED_COMPONENT, first)."""
    changed = json.loads(example(WATCHED_AASA))
    changed["applinks"]["details"][0]["components"].insert(0, ADDED_COMPONENT)
    return json.dumps(changed, indent=2)


def watch_cases(domain):
    return [
        Case("watch: a watched domain, its file received", "/watch",
             verdicts=[Row("received", (domain,), column=2)],
             texts=["1 domain, fetched on both routes every 10 s", "2 versions"]),
        Case("watch: a watched domain's versions and how its file changed",
             "/watch/domain?name=" + urllib.parse.quote(domain, safe=":"),
             verdicts=[Row("received")],
             texts=["The server: 2 versions", "from the version before to this one"],
             inserted=[("The server", '"/": "/gift-cards/*"'), ("The server", ADDED_COMPONENT["comment"])],
             screenshot="serve-watch.png"),
    ]


# ---------------------------------------------------------------------------------------------------
# A WebSocket client (RFC 6455, the part DevTools needs: text frames, pings, close).


class WebSocket:
    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                             f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        head = self._read_until(b"\r\n\r\n", time.monotonic() + TIMEOUT).decode("latin-1")
        accept = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        if not head.startswith("HTTP/1.1 101") or accept not in head:
            raise ConnectionError(f"WebSocket handshake refused: {head.splitlines()[0] if head else '(nothing)'}")

    def _receive_some(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        self.socket.settimeout(remaining)
        try:
            chunk = self.socket.recv(1 << 16)
        except socket.timeout:
            raise TimeoutError from None
        if not chunk:
            raise ConnectionError("the browser closed the DevTools connection")
        self.buffer += chunk

    def _read_until(self, marker, deadline):
        while marker not in self.buffer:
            self._receive_some(deadline)
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _read(self, count, deadline):
        while len(self.buffer) < count:
            self._receive_some(deadline)
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.socket.settimeout(TIMEOUT)
        self.socket.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self, deadline):
        """The next text message; TimeoutError when none starts before `deadline`."""
        message = b""
        while True:
            first, second = self._read(2, deadline)
            # A frame that has started is read to its end (within its own bound), never cut by `deadline`.
            frame_deadline = time.monotonic() + TIMEOUT
            size = second & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._read(2, frame_deadline))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._read(8, frame_deadline))[0]
            payload = self._read(size, frame_deadline)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the DevTools connection")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return message.decode()

    def close(self):
        try:
            self._send_frame(0x8, b"")
        except OSError:
            pass
        self.socket.close()


# ---------------------------------------------------------------------------------------------------
# The DevTools protocol: commands with their answers, events kept in order.


class DevTools:
    def __init__(self, url):
        self.socket = WebSocket(url)
        self.last_id = 0
        self.events = []  # every event since the last clear_events()
        self.dialogs = []  # every dialog the page opened (each is dismissed at once)

    def send(self, method, **params):
        """Sends a command without waiting for its answer; returns its id."""
        self.last_id += 1
        self.socket.send(json.dumps({"id": self.last_id, "method": method, "params": params}))
        return self.last_id

    def call(self, method, **params):
        """Sends a command and returns its answer, keeping the events that arrive meanwhile."""
        call_id = self.send(method, **params)
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self._next(deadline, f"the answer to {method}")
            if message.get("id") == call_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})

    def _next(self, deadline, waiting_for):
        try:
            message = json.loads(self.socket.receive(deadline))
        except TimeoutError:
            raise TimeoutError(f"no {waiting_for} within {TIMEOUT} s") from None
        if "method" in message:
            self.events.append(message)
            if message["method"] == "Page.javascriptDialogOpening":
                self.dialogs.append(message["params"])
                self.send("Page.handleJavaScriptDialog", accept=False)  # its answer is skipped like any other
        return message

    def wait_for(self, method, seconds=TIMEOUT):
        """The first event `method` since the last clear_events(), waiting at most `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            for event in self.events:
                if event["method"] == method:
                    return event["params"]
            self._next(deadline, f"{method} event")

    def settle(self, seconds=0.3):
        """Reads the events that arrive within `seconds`."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self._next(deadline, "event")
        except TimeoutError:
            pass

    def clear_events(self):
        self.events = []

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page evaluation failed: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def close(self):
        self.socket.close()


# ---------------------------------------------------------------------------------------------------
# The server and the browser: started, waited for, always stopped.


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(what, ready, process, log_path):
    """Polls `ready()` until it is true; fails when `process` ends or after TIMEOUT seconds."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited ({process.returncode}): {read_tail(log_path)}")
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{what} not ready within {TIMEOUT} s: {read_tail(log_path)}")


def read_tail(path, size=2000):
    """The last `size` characters of a file, empty when there is no such file."""
    if not os.path.exists(path):
        return ""
    with open(path, errors="replace") as file:
        return file.read()[-size:]


def start(command, log_path):
    """A process in its own process group (the browser's helpers are stopped with it)."""
    with open(log_path, "w") as log:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)


def stop(process):
    """SIGTERM to the process's group, SIGKILL after 5 s."""
    if process is None or process.poll() is not None:
        return
    for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(grace)
            return
        except subprocess.TimeoutExpired:
            continue


def openssl(*arguments):
    result = subprocess.run(["openssl", *arguments], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=TIMEOUT)
    if result.returncode != 0:
        raise RuntimeError(f"openssl {arguments[0]} failed: {result.stderr.strip()}")


class WatchedSite:
    """A local HTTPS server (a thread of this script) serving `body` as
    /.well-known/apple-app-site-association (application/json) for `localhost:PORT`; its certificate
    is signed by a certificate authority made here with `openssl`, whose PEM (`ca_file`) webfence is
    told to trust. Every other path is a 404."""

    def __init__(self, folder, body):
        self.body = body.encode()
        folder = os.path.join(folder, "site")
        os.makedirs(folder)
        self.ca_file = os.path.join(folder, "ca.pem")
        ca_key, key, request = (os.path.join(folder, name) for name in ("ca.key", "localhost.key", "localhost.csr"))
        certificate, extensions = os.path.join(folder, "localhost.pem"), os.path.join(folder, "localhost.ext")
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", self.ca_file,
                "-days", "2", "-subj", "/CN=WebFence browser-check CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=localhost")
        with open(extensions, "w") as file:
            file.write("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                       "extendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost\n")
        openssl("x509", "-req", "-in", request, "-CA", self.ca_file, "-CAkey", ca_key, "-CAcreateserial",
                "-out", certificate, "-days", "2", "-extfile", extensions)
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if urllib.parse.urlsplit(self.path).path == "/.well-known/apple-app-site-association":
                    body, status, kind = site.body, 200, "application/json"
                else:
                    body, status, kind = b"not here\n", 404, "text/plain"
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.domain = f"localhost:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def watch_routes(base):
    """GET /v1/watch: the watched domains' routes, {domain: {route: entry}}."""
    with urllib.request.urlopen(base + "/v1/watch", timeout=5) as answer:
        watch = json.load(answer)
    return {entry["domain"]: {route["route"]: route for route in entry.get("routes", [])}
            for entry in watch.get("domains", [])}


def wait_for_watch(report, base, domain, what, ready, seconds):
    """Polls /v1/watch until `ready(the domain's direct route)` or `seconds` pass; one check."""
    deadline = time.monotonic() + seconds
    route = None
    while True:
        try:
            route = watch_routes(base).get(domain, {}).get("direct")
        except (OSError, ValueError) as error:
            route = f"(GET /v1/watch failed: {error})"
        if isinstance(route, dict) and ready(route):
            break
        if time.monotonic() >= deadline:
            break
        time.sleep(0.5)
    passed = isinstance(route, dict) and ready(route)
    report.check("watch", what, passed, f"not within {seconds} s; the direct route: {json.dumps(route)}")
    return passed


def start_server(binary, folder, site):
    port = free_port()
    log_path = os.path.join(folder, "server.log")
    watch_file = os.path.join(folder, "watched-domains.txt")
    with open(watch_file, "w") as file:
        file.write(f"# the local HTTPS server of browser-check.py\n{site.domain}\n")
    process = start([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
                     "--watch", watch_file, "--watch-database", os.path.join(folder, "watch.sqlite"),
                     "--watch-interval", "10", "--allow-private-networks", "--ca-file", site.ca_file,
                     "--timeout", "5"], log_path)
    base = f"http://127.0.0.1:{port}"

    def healthy():
        with urllib.request.urlopen(base + "/health", timeout=2) as answer:
            return answer.status == 200

    return process, base, lambda: wait_until("webfence serve", healthy, process, log_path)


def chromium_command(chromium, profile, sandbox):
    command = [
        chromium, "--headless=new", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
        f"--user-data-dir={profile}", f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
        "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-extensions", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--hide-scrollbars", "--force-color-profile=srgb", "--mute-audio", "about:blank",
    ]
    if not sandbox:
        command.insert(1, "--no-sandbox")
    return command


def start_browser(chromium, folder):
    """Chromium with its sandbox, except as root (it refuses to run so) or where the sandbox cannot start
    (a container without user namespaces): then without, and it says so."""
    profile = os.path.join(folder, "profile")
    log_path = os.path.join(folder, "chromium.log")
    port_file = os.path.join(profile, "DevToolsActivePort")
    sandbox = os.geteuid() != 0
    while True:
        process = start(chromium_command(chromium, profile, sandbox), log_path)
        try:
            wait_until("chromium", lambda: read_tail(port_file).count("\n") >= 1, process, log_path)
            break
        except RuntimeError:
            if not sandbox or "sandbox" not in read_tail(log_path, 20000).lower():
                raise
            print("chromium's sandbox cannot start here: running it with --no-sandbox")
            stop(process)
            sandbox = False
    port = int(read_tail(port_file).split()[0])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT) as answer:
        pages = [target for target in json.load(answer) if target["type"] == "page"]
    if not pages:
        raise RuntimeError("chromium has no page to drive")
    return process, pages[0]["webSocketDebuggerUrl"]


# ---------------------------------------------------------------------------------------------------
# Driving a page.


def prepare(tab):
    for domain in ("Page", "Runtime", "Log", "Network"):
        tab.call(f"{domain}.enable")
    tab.call("Network.setCacheDisabled", cacheDisabled=True)  # every page asks for its style sheet
    tab.call("Emulation.setDeviceMetricsOverride", width=VIEWPORT[0], height=VIEWPORT[1],
             deviceScaleFactor=1, mobile=False)
    tab.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "light"}])


def open_page(tab, url):
    tab.clear_events()
    error = tab.call("Page.navigate", url=url).get("errorText")
    if error:
        raise RuntimeError(f"{url} did not load: {error}")
    tab.wait_for("Page.loadEventFired")
    tab.settle()


def zipped(folder, into):
    """A zip of the repository's `folder` (a zipped .app: its entries under `Name.app/`), written in `into`."""
    source = os.path.join(ROOT, folder)
    name = os.path.basename(source.rstrip("/"))
    path = os.path.join(into, name + ".zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for base, _, files in os.walk(source):
            for file in sorted(files):
                full = os.path.join(base, file)
                archive.write(full, os.path.join(name, os.path.relpath(full, source)))
    return path


def file_to_choose(value, folder):
    """The path of the file a case chooses: made in `folder` from (name, text), zipped when a folder."""
    if isinstance(value, tuple):
        name, text = value
        path = os.path.join(folder, "made", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path
    path = os.path.join(ROOT, value)
    return zipped(value, folder) if os.path.isdir(path) else path


def fill(tab, element_id, value, folder):
    """Pastes `value` into a text field, chooses it in a select, or chooses it as the file of a file input
    (file_to_choose: any file made goes into `folder`)."""
    selector = json.dumps("#" + element_id)
    kind = tab.evaluate(f"(() => {{ const e = document.querySelector({selector}); "
                        "return e ? e.tagName.toLowerCase() + ':' + (e.type || '') : null })()")
    if kind is None:
        raise RuntimeError(f"no field #{element_id} on the page")
    if kind == "input:file":
        node = tab.call("DOM.querySelector", nodeId=tab.call("DOM.getDocument")["root"]["nodeId"],
                        selector="#" + element_id)["nodeId"]
        tab.call("DOM.setFileInputFiles", nodeId=node, files=[file_to_choose(value, folder)])
    elif kind.startswith("select"):
        tab.evaluate(f"(() => {{ const e = document.querySelector({selector}); e.value = {json.dumps(value)}; "
                     "e.dispatchEvent(new Event('change', {bubbles: true})); })()")
    else:
        tab.evaluate(f"(() => {{ const e = document.querySelector({selector}); e.focus(); e.select(); }})()")
        tab.call("Input.insertText", text=value)  # what a paste does


def click_submit(tab, action):
    """Clicks the submit button of the form posting to `action`, as a mouse would."""
    box = tab.evaluate(f"""(() => {{
        const button = document.querySelector('form[action={json.dumps(action)}] [type=submit]');
        if (!button) return null;
        button.scrollIntoView({{block: 'center'}});
        const r = button.getBoundingClientRect();
        return {{x: r.x + r.width / 2, y: r.y + r.height / 2,
                 invalid: [...button.form.elements].filter(e => !e.checkValidity())
                     .map(e => e.id + ': ' + e.validationMessage)}};
    }})()""")
    if box is None:
        raise RuntimeError(f"no form posting to {action} with a submit button")
    if box["invalid"]:
        raise RuntimeError(f"the browser would not submit the form: {box['invalid']}")
    tab.clear_events()
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        tab.call("Input.dispatchMouseEvent", type=kind, x=box["x"], y=box["y"], button="left", clickCount=1)
    tab.wait_for("Page.loadEventFired")
    tab.settle()


SNAPSHOT = """(() => {
    const shown = (document.querySelector('main') || document.body).cloneNode(true);
    shown.querySelectorAll('form').forEach(form => form.remove());
    const words = scope => [...scope.querySelectorAll('.verdict')].map(v => v.textContent.trim());
    let styleRules = 0;
    for (const sheet of document.styleSheets) styleRules += sheet.cssRules.length;
    return {
        title: document.title,
        text: document.body ? document.body.innerText : '',
        shown: shown.textContent.replace(/\\s+/g, ' '),
        rows: [...document.querySelectorAll('tbody tr')].map(row => ({
            cells: [...row.cells].map(cell => cell.textContent.trim()), verdicts: words(row),
            cellVerdicts: [...row.cells].map(words)})),
        inserted: [...document.querySelectorAll('section')].flatMap(section => {
            const heading = section.querySelector('h2');
            return [...section.querySelectorAll('ins')].map(line => ({
                heading: heading ? heading.textContent.trim() : '', text: line.textContent}));
        }),
        verdicts: words(document),
        scripts: document.scripts.length,
        handlers: [...document.querySelectorAll('*')].flatMap(element => [...element.attributes]
            .filter(a => a.name.startsWith('on')).map(a => element.tagName.toLowerCase() + ' ' + a.name)),
        styleSheets: document.styleSheets.length,
        styleRules,
    };
})()"""


# ---------------------------------------------------------------------------------------------------
# The checks.


class Report:
    def __init__(self):
        self.checks, self.failures = 0, []

    def check(self, case, what, passed, detail="", page_text=""):
        self.checks += 1
        print(f"{'ok  ' if passed else 'FAIL'} {case}: {what}{'' if passed else ': ' + detail}", flush=True)
        if not passed:
            self.failures.append((case, what, detail, page_text))

    def summary(self, pages):
        for case, what, detail, text in self.failures:
            print(f"\n== failed: {case}: {what}\n{detail}\n-- the page's text:\n{text[:6000]}")
        if self.failures:
            print(f"\nbrowser: {pages} pages, {self.checks} checks, {len(self.failures)} failed")
        else:
            print(f"browser: {pages} pages, {self.checks} checks, all passed")


def responses(tab):
    return {event["params"]["response"]["url"]: event["params"]["response"]
            for event in tab.events if event["method"] == "Network.responseReceived"}


def problems(tab):
    """Console errors and warnings, CSP violations and uncaught exceptions since the last clear."""
    found = []
    for event in tab.events:
        method, params = event["method"], event["params"]
        if method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
            entry = params["entry"]
            if entry["source"] == "network" and urllib.parse.urlsplit(entry.get("url", "")).path == "/favicon.ico":
                continue  # the browser asks for an icon the pages do not declare: the server's 404
            found.append(f"{entry['source']}: {entry['text']} {entry.get('url', '')}".rstrip())
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "warning", "assert"):
            found.append(f"console.{params['type']}: {params['args']}")
        elif method == "Runtime.exceptionThrown":
            found.append(f"exception: {params['exceptionDetails'].get('text')}")
    return found


def check_load(report, tab, name, step, url):
    """The document and its style sheet arrived (200), the sheet's rules are read, nothing complained."""
    snapshot = tab.evaluate(SNAPSHOT)
    arrived = responses(tab)
    document = arrived.get(url, {}).get("status")
    sheet = arrived.get(urllib.parse.urljoin(url, "/style.css"), {})
    report.check(name, f"{step}: HTTP 200", document == 200, f"status {document}", snapshot["text"])
    report.check(name, f"{step}: style sheet loaded and read",
                 sheet.get("status") == 200 and sheet.get("mimeType") == "text/css" and snapshot["styleRules"] > 0,
                 f"/style.css status {sheet.get('status')} {sheet.get('mimeType')}, "
                 f"{snapshot['styleSheets']} sheets, {snapshot['styleRules']} rules", snapshot["text"])
    found = problems(tab)
    report.check(name, f"{step}: no console error, no CSP violation", not found, "; ".join(found), snapshot["text"])
    ran = [f"{len(tab.dialogs)} dialogs"] if tab.dialogs else []
    ran += [f"{snapshot['scripts']} script elements"] if snapshot["scripts"] else []
    ran += [f"event-handler attributes {snapshot['handlers']}"] if snapshot["handlers"] else []
    report.check(name, f"{step}: no script (no dialog, no script element, no handler attribute)", not ran,
                 ", ".join(ran), snapshot["text"])
    return snapshot


def row_verdicts(snapshot, cells, column=None):
    """The verdict words of the rows that have every one of `cells` (of their cell `column` when given)."""
    rows = [row for row in snapshot["rows"] if all(cell in row["cells"] for cell in cells)]
    if column is not None:
        return [word for row in rows for word in (row["cellVerdicts"][column:column + 1] or [[]])[0]], len(rows)
    return [word for row in rows for word in row["verdicts"]], len(rows)


def check_answer(report, name, snapshot, case):
    for expected in case.verdicts:
        if expected.cells:
            words, count = row_verdicts(snapshot, expected.cells, expected.column)
            where = f"the row of {' '.join(expected.cells)}"
            where += "" if expected.column is None else f", column {expected.column + 1}"
        else:
            words, count, where = snapshot["verdicts"], 1, "the page"
        report.check(name, f"verdict '{expected.verdict}' in {where}", expected.verdict in words,
                     f"{count} such rows, verdicts {words}", snapshot["text"])
    for text in case.texts:
        report.check(name, f"shows {text!r} as text", text in snapshot["shown"], "not in the answer",
                     snapshot["text"])
    for heading, text in case.inserted:
        lines = [line["text"] for line in snapshot["inserted"] if line["heading"].startswith(heading)]
        report.check(name, f"an inserted (<ins>) line of '{heading}' has {text!r}",
                     any(text in line for line in lines), f"its inserted lines: {lines}", snapshot["text"])


def run_case(report, tab, base, case, screenshots, folder):
    tab.dialogs = []
    open_page(tab, base + case.path)
    snapshot = check_load(report, tab, case.name, f"GET {case.path}", base + case.path)
    if case.fields is not None:
        for element_id, value in case.fields.items():
            fill(tab, element_id, value, folder)
        click_submit(tab, case.action)
        snapshot = check_load(report, tab, case.name, f"POST {case.action}", base + case.action)
    check_answer(report, case.name, snapshot, case)
    if screenshots and case.screenshot:
        path = os.path.join(screenshots, case.screenshot)
        tab.call("Runtime.evaluate", expression="window.scrollTo(0, 0)")
        with open(path, "wb") as file:
            file.write(base64.b64decode(tab.call("Page.captureScreenshot", format="png")["data"]))
        if shutil.which("optipng"):
            subprocess.run(["optipng", "-quiet", "-o2", path], stdin=subprocess.DEVNULL, timeout=120)
        report.check(case.name, f"screenshot {path}", os.path.getsize(path) > 0, "empty file")


def run_controls(report, tab, base):
    """The watchers see a dialog and a CSP violation when there is one (so their silence means something)."""
    name = "control"
    open_page(tab, base + "/")
    tab.dialogs = []
    tab.send("Runtime.evaluate", expression="alert('control')")  # answered once the dialog is dismissed
    try:
        tab.wait_for("Page.javascriptDialogOpening", seconds=5)
    except TimeoutError:
        pass
    report.check(name, "a dialog opened from DevTools is seen", len(tab.dialogs) == 1, f"{len(tab.dialogs)} dialogs")
    tab.clear_events()
    tab.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=\"https://example.invalid/x.png\">')")
    tab.settle(1)
    found = problems(tab)
    report.check(name, "markup the CSP refuses is reported", any("Content Security Policy" in text for text in found),
                 f"problems seen: {found}")


def page_text(tab):
    """The page's text, or why there is none."""
    try:
        return tab.evaluate("document.body ? document.body.innerText : ''")
    except (OSError, RuntimeError, TimeoutError) as error:
        return f"(unreadable: {error})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("webfence", help="the built webfence binary")
    parser.add_argument("--screenshots", metavar="DIR", help="write a PNG of the pages here")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"),
                        help="the browser (default: chromium on PATH)")
    arguments = parser.parse_args()
    if not arguments.chromium:
        sys.exit("chromium not found: apt-get install chromium, or name it with --chromium")
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that `finally` stops the children
    report = Report()
    server = browser = tab = site = None
    cases = list(CASES)
    folder = tempfile.mkdtemp(prefix="webfence-browser-")
    try:
        site = WatchedSite(folder, example(WATCHED_AASA))
        server, base, wait_for_server = start_server(os.path.abspath(arguments.webfence), folder, site)
        browser, debugger_url = start_browser(arguments.chromium, folder)
        wait_for_server()
        # The watch fetches at its start, then every 10 s: the file changes once the first copy is
        # recorded, and the other pages are checked while the watch comes round again.
        wait_for_watch(report, base, site.domain, f"the watch received {site.domain}'s file",
                       lambda route: route.get("outcome") == "received", TIMEOUT)
        site.body = changed_watched_aasa().encode()
        changed = time.monotonic()
        tab = DevTools(debugger_url)
        prepare(tab)

        def run(case):
            try:
                run_case(report, tab, base, case, arguments.screenshots, folder)
            except (RuntimeError, TimeoutError) as error:
                report.check(case.name, "the page and its form work", False, str(error), page_text(tab))

        for case in CASES:
            run(case)
        wait_for_watch(report, base, site.domain, "the watch recorded the changed file as a second version",
                       lambda route: route.get("versions") == 2 and route.get("outcome") == "received",
                       max(1, 30 - (time.monotonic() - changed)))
        cases += watch_cases(site.domain)
        for case in cases[len(CASES):]:
            run(case)
        run_controls(report, tab, base)
    except (OSError, RuntimeError, TimeoutError) as error:  # the server or the browser failed: nothing to check
        print(f"browser: cannot run the checks: {error}")
        for log in ("server.log", "chromium.log"):
            if os.path.exists(os.path.join(folder, log)):
                print(f"-- {log}:\n{read_tail(os.path.join(folder, log))}")
        return 1
    finally:
        if tab:
            tab.close()
        stop(browser)
        stop(server)
        if site:
            site.stop()
        shutil.rmtree(folder, ignore_errors=True)
    report.summary(len({case.path for case in cases}))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())

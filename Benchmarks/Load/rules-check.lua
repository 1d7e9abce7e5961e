-- wrk: POST /v1/rules/check with a small rule set and four URLs (two bypass attempts).
-- Run: wrk -t2 -c64 -d30s --latency -s rules-check.lua http://127.0.0.1:8080
wrk.method = "POST"
wrk.path = "/v1/rules/check"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[
{"rules": {"version": 1, "allow": ["example.com", "*.example-cdn.net", {"host": "pay.example.org", "paths": ["/checkout/"]}], "deny": ["ads.example.com"]},
 "cases": [{"id": 1, "url": "https://login.example.com/"}, {"id": 2, "url": "https://evil.com\\@example.com/"},
           {"id": 3, "url": "https://example.com.evil.com/"}, {"id": 4, "url": "https://img.example-cdn.net/a.png", "frame": "sub"}]}
]]
-- wrk reports "Non-2xx or 3xx responses" itself when there are any.

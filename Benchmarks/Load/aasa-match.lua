-- wrk: POST /v1/aasa/match with one posted file, link and app ID (the verify story), as a team's
-- CI or a page would send it. Run: wrk -t2 -c64 -d30s --latency -s aasa-match.lua http://127.0.0.1:8080
wrk.method = "POST"
wrk.path = "/v1/aasa/match"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[
[{"id": 1, "domain": "example.com", "appId": "ABCDE12345.com.example.shop", "url": "https://example.com/shop/items/42?ref=mail",
  "aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [
    {"/": "/help/*", "exclude": true}, {"/": "/shop/*", "?": {"ref": "?*"}}, {"/": "/account/*"}]}]}}}]
]]
-- wrk reports "Non-2xx or 3xx responses" itself when there are any.

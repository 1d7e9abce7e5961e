// Writes Tests/Corpora/flutter/page-gate-oracle.jsonl: random allow-list entries run through the
// script flutter_inappwebview 6.2 builds around its bridge (spec/hybrid-frameworks.md §13c), in a
// real JavaScript engine, against a fixed list of origins. One line an entry:
// {"entry": "...", "runs": [true|false per origin]}; the origins are the first line.
//
//     node Scripts/flutter-gate-oracle.mjs > Tests/Corpora/flutter/page-gate-oracle.jsonl
//
// The random entries are seeded, so the file is the same on every run of the same engine.
const origins = [
  "https://example.com", "https://a.example.com", "https://example.com.evil.net", "http://example.com:8080",
  "https://xexample.com", "null", "file://", "capacitor://localhost", "https://app.example.com",
  "https://appxexample.com",
];
const pieces = [
  "a", "e", "x", ".", "\\.", "\\\\.", "\\\\", "\\", "'", "com", "example", "https", "://", ":", "/", "-", "*",
  "+", "?", "|", "(", ")", "(?:", "[", "]", "[a-z]", "[^.]", "\\d", "\\\\d", "\\\\w", "\\n", "\\x41", "\\u0041",
  "{2}", "{1,3}", "^", "$", "l", "null", "app", "https://", "*.", "\\\\/",
];
let state = 0x5eedn;
function next() {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
const pick = (list) => list[Number(next() % BigInt(list.length))];
// A stand-in for the bridge's source, with quotes in it as the real one has.
const bridge = "window.ran = true; window.flutter_inappwebview = { callHandler: function() { return 'x'; } };";

function runs(entry, origin) {
  // The plugin's Swift adds the script unchanged when an entry is exactly "*" (UserScript.swift).
  if (entry === "*") return true;
  const escaped = entry.replaceAll("'", "\\'");
  const script = `if ([new RegExp('${escaped}')].some(function(rx) { return rx.test(window.location.origin); })) { ${bridge} }`;
  let body;
  try { body = new Function("window", script); } catch { return false; }
  const window = { location: { origin } };
  try { body(window); } catch { return false; }
  return window.ran === true;
}

console.log(JSON.stringify({ origins }));
const seen = new Set();
for (let i = 0; seen.size < 3000 && i < 100000; i++) {
  const count = 1 + Number(next() % 5n);
  let entry = "";
  for (let j = 0; j < count; j++) entry += pick(pieces);
  if (seen.has(entry)) continue;
  seen.add(entry);
  console.log(JSON.stringify({ entry, runs: origins.map((origin) => runs(entry, origin)) }));
}

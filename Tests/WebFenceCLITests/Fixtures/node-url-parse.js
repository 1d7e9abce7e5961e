#!/usr/bin/env node
// Reference parser for the adversarial URL corpus: reads JSON lines
// {"input": ..., "base": ... | null, "note": ...} on stdin and prints, per line,
// the fields of Node's WHATWG `new URL(input, base)` in the same shape as
// `webfence url parse --jsonl` (no registrableDomain, no reason).
// Uses Node built-ins only.
'use strict';
const readline = require('node:readline');

const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host',
  'hostname', 'port', 'pathname', 'search', 'hash'];

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (line.trim() === '') return;
  const { input, base = null } = JSON.parse(line); // "note" is ignored
  const out = { input, base }; // a null base and an absent base are the same
  try {
    const url = base === null ? new URL(input) : new URL(input, base);
    for (const name of FIELDS) out[name] = url[name];
  } catch {
    out.failure = true; // the input (or the base) does not parse
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});

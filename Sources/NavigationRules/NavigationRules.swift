// Navigation rules in code (seed 003, ../shared/spec/navigation-rules.md): an allowlist that is data,
// remote and signed, judged on the browser-exact URL of WebAddress.
// Built by issue 5; this target is a shell until then.

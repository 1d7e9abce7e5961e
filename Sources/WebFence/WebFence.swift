// The app model: one web view simulator composing every policy, the scenario runner and the audit.
// Built by issues 3–6. Until then it re-exports the URL layer every policy stands on.
@_exported import WebAddress

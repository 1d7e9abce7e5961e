// Managed and unmanaged web views (seed 002, ../shared/spec/managed-web-views.md): identities, web view
// policies, clipboard, uploads and external links routed to a managed browser.
// Built by issue 5; this target is a shell until then.

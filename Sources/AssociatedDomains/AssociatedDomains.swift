// Associated Domains (seed 004, ../shared/spec/associated-domains.md): entitlements,
// apple-app-site-association files and universal-link matching.
// Built by issue 4; this target is a shell until then.

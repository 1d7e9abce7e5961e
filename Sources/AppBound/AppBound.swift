// App-Bound Domains (seeds 000/001, ../shared/spec/app-bound-domains.md): reading `WKAppBoundDomains`,
// the navigation gate, restricted APIs, cookie filtering, service workers and ITP.
// Built by issue 3; this target is a shell until then.

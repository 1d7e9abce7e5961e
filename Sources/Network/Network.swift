// The only target that does I/O over HTTP (AsyncHTTPClient): association files and remote rules, with
// timeouts, size caps and custom trust roots. Built by issues 4 and 5; a shell until then.

// The hosts of the registrable-domain benchmarks, shared by the time benchmarks and the
// instruction counts.

/// Realistic hosts: plain and deep subdomains, multi-label suffixes, wildcard and exception rules,
/// the private section, IDN hosts, unknown TLDs, single labels and public suffixes themselves.
public let hostInputs: [String] = [
    // Plain and deep subdomains.
    "www.example.com",
    "example.com",
    "mail.google.com",
    "a.b.c.d.e.f.g.example.com",
    "static.cdn.assets.eu-west.example.net",
    "api.v2.service.example.io",
    "www.example.de",
    // Multi-label ICANN suffixes.
    "news.bbc.co.uk",
    "www.amazon.co.uk",
    "co.uk",
    "login.ox.ac.uk",
    "shop.example.com.au",
    "www.example.co.jp",
    "foo.tokyo.jp",
    "www.example.com.br",
    "www.example.com.cn",
    "school.k12.ca.us",
    "www.gov.uk",
    // Wildcard and exception rules.
    "www.ck",
    "foo.www.ck",
    "bar.foo.ck",
    "foo.ck",
    "city.kawasaki.jp",
    "x.city.kawasaki.jp",
    "a.b.kawasaki.jp",
    "city.kobe.jp",
    "shop.foo.kobe.jp",
    "ec2-1-2-3-4.us-east-2.compute.amazonaws.com",
    // The private section.
    "x.github.io",
    "user.github.io",
    "github.io",
    "someone.blogspot.com",
    "myapp.herokuapp.com",
    "bucket.s3.amazonaws.com",
    "example.appspot.com",
    "site.netlify.app",
    "project.vercel.app",
    "foo.pages.dev",
    "d111111abcdef8.cloudfront.net",
    "myapp.azurewebsites.net",
    "store.myshopify.com",
    // Internationalised names, as a URL carries them (punycode).
    "пример.рф",
    "www.食狮.公司.cn",
    "bücher.example.de",
    // Unknown TLDs, single labels and internal names: the implicit `*` rule.
    "example.local",
    "printer.office.internal",
    "myrouter.lan",
    "a.b.example.test",
    "localhost",
    "intranet",
]

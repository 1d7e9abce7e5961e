import Findings

extension FindingCatalog {
    /// Every code the rule-set loader reports (`rules.*`), as `webfence rules lint` prints them: the
    /// errors that refuse a whole rule set, and the warnings and notes about rules that load. Each
    /// entry holds what a SARIF log needs to show its code as a rule; docs/navigation-rules.md lists
    /// them under Finding codes. A decision's reason (`NavigationDecision.Reason`) is not a finding,
    /// and is not listed here.
    public static let ruleSets = FindingCatalog(
        documentation: "docs/navigation-rules.md#finding-codes",
        RuleSetCodes.fileRules + RuleSetCodes.hostRules + RuleSetCodes.fieldRules + RuleSetCodes.lintRules)
}

/// The entries of `FindingCatalog.ruleSets`, by family.
enum RuleSetCodes {

    // MARK: - The rule set's keys

    static let fileRules: [FindingCatalog.Entry] = [
        (
            "rules.json", "Rule set that is not valid JSON",
            "Correct the JSON at the place the message gives: comments, trailing commas and a key written twice in one object are refused."
        ),
        (
            "rules.type", "Value of the wrong type",
            "Give the value the type the loader reads: an object for the whole set, a string for description, arrays for allow, deny and allowSchemes, and a host string or an object for each rule."
        ),
        (
            "rules.key.unknown", "Key the loader does not know",
            "Correct the key's spelling or remove it: a rule set has version, expires, description, allow, deny, allowSchemes and otherwise, and an object rule has host, schemes, ports and paths."
        ),
        (
            "rules.key.repeated", "Top-level key given twice",
            "Keep one copy of the key, holding everything the copies said."
        ),
        (
            "rules.version", "version that is not a whole number from 0",
            "Set version to a whole number, 0 or more, and raise it with every rule set you publish."
        ),
        (
            "rules.expires", "expires that is not an RFC 3339 time",
            "Write expires as an RFC 3339 time such as 2026-12-31T00:00:00Z, or set it to null or remove it for a rule set that does not expire."
        ),
        (
            "rules.otherwise", "otherwise that is neither cancel nor openExternally",
            "Set otherwise to cancel or openExternally, spelled exactly, or remove it to cancel what no rule matches."
        ),
    ]

    // MARK: - Host rules (HostPattern)

    static let hostRules: [FindingCatalog.Entry] = [
        (
            "rules.host.missing", "Object rule without a host string",
            "Give the object rule a host key whose value is a string, such as example.com."
        ),
        (
            "rules.host.empty", "Rule that names no host",
            "Write a host, after = or *. when the rule has one (=login.example.com, *.cdn.example.net)."
        ),
        (
            "rules.host.wildcardInLabel", "Wildcard that is not a whole leading label",
            "Use * only as the whole first label (*.example.com), or list the hosts meant: a rule such as example.com already covers every subdomain."
        ),
        (
            "rules.host.percentEncoded", "Percent-encoded host",
            "Write the host's characters as they are, without %-escapes."
        ),
        (
            "rules.host.hasScheme", "Host with a scheme",
            "Remove the scheme and the // from the host, and choose schemes with an object rule's schemes list."
        ),
        (
            "rules.host.hasUserinfo", "Host with userinfo (@)",
            "Remove everything up to and including the @: a rule names a host, never a user name or a password."
        ),
        (
            "rules.host.hasPath", "Host with a path, query or fragment",
            "Keep only the host, and put path prefixes in an object rule's paths list."
        ),
        (
            "rules.host.hasPort", "Host with a port",
            "Remove the port from the host, and list it in an object rule's ports."
        ),
        (
            "rules.host.notAHost", "Host a browser would not load",
            "Correct the host so that a browser's URL parser accepts it: no spaces or forbidden characters, and valid punycode."
        ),
        (
            "rules.host.wildcardAddress", "= or *. before an IP address",
            "Write the IP address alone: an address rule already matches exactly that address, which has no subdomains."
        ),
        (
            "rules.host.emptyLabel", "Host with an empty label",
            "Remove the extra dot (leading, doubled, or a second one at the end), so that every label has characters."
        ),
        (
            "rules.host.bareTLD", "Host of a single label",
            "Name a registrable domain (example.com) or a full host instead: a single label such as com or localhost would allow every site under it."
        ),
        (
            "rules.host.publicSuffix", "Host that is a public suffix",
            "Name the site under the suffix (yourname.github.io, example.co.uk), never the suffix itself, under which anyone can register a site."
        ),
        (
            "rules.host.notCanonical", "Host read in another form than written",
            "No change is needed; to make the file say what is matched, write the host as the message shows it (lowercase, punycode, the usual form of an address)."
        ),
    ]

    // MARK: - A rule's fields and allowSchemes

    static let fieldRules: [FindingCatalog.Entry] = [
        (
            "rules.schemes", "schemes with a value a host rule cannot use",
            "Make schemes a non-empty array of http, https, ws or wss, and put any other scheme (myapp:, data:) in allowSchemes."
        ),
        (
            "rules.ports", "ports with a value that is not a port",
            "Make ports a non-empty array of whole numbers from 1 to 65535."
        ),
        (
            "rules.paths", "paths with a value that is not a path prefix",
            "Make paths a non-empty array of prefixes that start with / and have no ? or #."
        ),
        (
            "rules.paths.notCanonical", "Path prefix read in another form than written",
            "No change is needed; to make the file say what is matched, write the prefix as the message shows it, as the URL parser reads paths."
        ),
        (
            "rules.allowSchemes", "allowSchemes entry that is not a scheme",
            "Write each entry as a scheme and a colon (data:, blob:, myapp:), or as about:blank or about:srcdoc: about: alone is refused."
        ),
        (
            "rules.allowSchemes.network", "Network scheme in allowSchemes",
            "Remove http:, https:, ws: or wss: from allowSchemes, and name the hosts in allow rules (an object rule's schemes chooses the scheme)."
        ),
    ]

    // MARK: - Rules that load, worth a second look

    static let lintRules: [FindingCatalog.Entry] = [
        (
            "rules.cleartext", "Host allowed over http or ws",
            "Limit the rule's schemes to https and wss unless the site cannot use TLS: anyone on the network path can change unencrypted pages."
        ),
        (
            "rules.allowSchemes.blob", "blob: allowed, whichever site made the blob",
            "Remove blob: unless the app's pages need it: a blob: URL runs with the origin of the page that made it, another site's included."
        ),
        (
            "rules.allowSchemes.javascript", "javascript: URLs allowed",
            "Remove javascript: from allowSchemes: with it, any link or redirect can run script in the current page."
        ),
        (
            "rules.duplicate", "Rule that repeats an earlier one",
            "Delete the later rule: the earlier one, which the message names, says the same."
        ),
        (
            "rules.covered", "Rule that a broader rule already covers",
            "Delete the narrower rule, or narrow the broader one if it allows or denies more than meant."
        ),
    ]
}

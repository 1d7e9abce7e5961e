/// Every code `webfence audit` reports: a title and the sentence that says how to fix it. SARIF
/// output lists these as its rules. Codes are stable: scripts and code-scanning tools match on them.
public enum AuditCatalog {
    /// What a code means and how to fix what it reports.
    public struct Rule: Sendable, Hashable {
        /// The stable code: `appBound.entry.pastCapacity`, or a family such as `aasa.*`.
        public let code: String
        /// A short name for the problem.
        public let title: String
        /// One sentence: what to change.
        public let fix: String
    }

    /// The rule for `code`. Codes of a fetched association file (`fetch.*`, `aasa.*`) share their
    /// family's rule unless they have one of their own.
    public static func rule(for code: String) -> Rule {
        if let rule = byCode[code] { return rule }
        let family = code.hasPrefix("fetch.") ? "fetch.*" : code.hasPrefix("aasa.") ? "aasa.*" : ""
        return byCode[family] ?? Rule(code: code, title: code, fix: "See docs/audit.md for \(code).")
    }

    /// The codes the audit itself reports, with the entitlement linter's (`entitlement.*`); the
    /// families of fetched association files last.
    public static let rules: [Rule] = [
        // Reading the app.
        Rule(
            code: "input.unusable", title: "An app in the folder could not be read",
            fix: "Replace the damaged file (the message names it) with the one the build made, and audit again."),
        Rule(
            code: "executable.notNamed", title: "Info.plist names no executable",
            fix: "Set CFBundleExecutable to the executable's file name ($(EXECUTABLE_NAME) in Xcode)."),
        Rule(
            code: "executable.missing", title: "The executable is not in the bundle",
            fix:
                "Audit the built product (the .app or .ipa that ships): its executable carries the signed entitlements."
        ),
        Rule(
            code: "executable.unreadable", title: "The executable is not a usable Mach-O file",
            fix:
                "Rebuild the app: the executable must be a Mach-O file, thin or universal, whose headers stay inside the file."
        ),
        Rule(
            code: "signature.missing", title: "The executable is not code-signed",
            fix:
                "Sign the app with its entitlements (Xcode, or codesign --entitlements): an unsigned app does not install on a device."
        ),
        Rule(
            code: "signature.damaged", title: "The code signature is damaged",
            fix: "Re-sign the app: the system refuses to launch an executable whose signature does not read."),
        Rule(
            code: "entitlements.xmlDiffersFromDER", title: "The XML and DER entitlements differ",
            fix:
                "Re-sign with one entitlements file so that both blobs say the same: iOS 15 and later read the DER one, older systems the XML one."
        ),
        Rule(
            code: "entitlements.noDER", title: "The signature has no DER entitlements",
            fix:
                "Re-sign with Xcode 13 or later (codesign adds the DER blob): iOS 15 and later refuse to launch an app signed without it."
        ),
        Rule(
            code: "entitlements.slicesDiffer", title: "The architectures are signed with different entitlements",
            fix: "Sign every architecture of the universal binary with the same entitlements."),
        Rule(
            code: "entitlements.projectDiffers", title: "The project's entitlements are not the signed ones",
            fix: "Rebuild and re-sign, or correct the .entitlements file: a device uses the signed entitlements."),
        Rule(
            code: "entitlements.notInProfile", title: "An entitlement the provisioning profile does not grant",
            fix:
                "Enable the capability for the App ID in the developer portal and regenerate the profile, or remove the entitlement: the app does not install otherwise."
        ),
        Rule(
            code: "entitlements.appIDMismatch", title: "The signed application-identifier is not this app's",
            fix:
                "Sign with the provisioning profile of this bundle ID: application-identifier must be the team ID, a dot and CFBundleIdentifier."
        ),
        Rule(
            code: "entitlements.unknown", title: "No entitlements were read",
            fix: "Pass the project's .entitlements file with --entitlements, or audit the signed .app or .ipa."),
        Rule(
            code: "profile.unreadable", title: "The provisioning profile does not read",
            fix: "Regenerate the provisioning profile and re-sign the app."),
        Rule(
            code: "profile.signature.invalid", title: "The provisioning profile's signature does not verify",
            fix: "Replace embedded.mobileprovision with the profile as downloaded: it was changed after it was signed."),
        Rule(
            code: "profile.expired", title: "The provisioning profile has expired",
            fix: "Regenerate the provisioning profile and re-sign the app: a device refuses to launch it."),
        Rule(
            code: "appID.unknown", title: "The app's ID is unknown",
            fix: "Audit the signed app (its application-identifier entitlement), or pass --app-id TEAMID.bundle.id."),
        Rule(
            code: "appID.templateBundleID", title: "The bundle ID is a project template's default",
            fix:
                "Set PRODUCT_BUNDLE_IDENTIFIER to a reverse-DNS name of your own (and the association files' appIDs to <Team ID>.<that name>)."
        ),

        // App-Bound Domains (spec/app-bound-domains.md §1–§3).
        Rule(
            code: "appBound.key.wrongType", title: "WKAppBoundDomains is not an array of strings",
            fix: "Make WKAppBoundDomains an array of strings: the engine crashes reading anything else."),
        Rule(
            code: "appBound.key.empty", title: "WKAppBoundDomains lists nothing usable",
            fix:
                "List the domains the app's web views may use their powerful APIs on, or remove the key if no web view needs them."
        ),
        Rule(
            code: "appBound.entry.dropped", title: "A WKAppBoundDomains entry the engine drops",
            fix: "Write the entry as a domain (example.com) or as a scheme followed by a colon (myscheme:)."),
        Rule(
            code: "appBound.entry.pastCapacity", title: "A WKAppBoundDomains entry past the 10-entry cap",
            fix:
                "Keep to 10 distinct domains and schemes: remove entries, or list the registrable domain once for all its subdomains."
        ),
        Rule(
            code: "appBound.entry.duplicate", title: "A WKAppBoundDomains entry that repeats another",
            fix: "Remove the entry: after reduction to its registrable domain it repeats an earlier one."),
        Rule(
            code: "appBound.entry.widened", title: "A WKAppBoundDomains entry that covers more than it says",
            fix:
                "Write the registrable domain itself, so that the list says what the engine does: every subdomain, path, port and scheme of it is app-bound."
        ),
        Rule(
            code: "appBound.entry.wildcard", title: "A WKAppBoundDomains entry with a * that stays in the host",
            fix:
                "List the registrable domain (example.com), which covers every subdomain: a * is not a wildcard in WKAppBoundDomains."
        ),
        Rule(
            code: "appBound.entry.publicSuffix", title: "A WKAppBoundDomains entry that is a public suffix",
            fix:
                "List the site's registrable domain (for example yourname.github.io), not the public suffix, which matches only itself."
        ),
        Rule(
            code: "appBound.scheme.neverMatches", title: "An app-bound scheme that never matches",
            fix:
                "Write the scheme in lowercase letters, digits, +, - and . (myscheme:): URL schemes are compared lowercased."
        ),
        Rule(
            code: "appBound.scheme.web", title: "A web scheme listed as app-bound",
            fix: "Remove http: or https: and list the domains themselves: a web scheme makes every web page app-bound."),
        Rule(
            code: "appBound.browser.keyIgnored", title: "A browser's WKAppBoundDomains has no effect",
            fix:
                "Remove WKAppBoundDomains, or the browser entitlement: a browser's web views are never restricted by the list."
        ),
        Rule(
            code: "browser.prohibitedUsage", title: "A browser that declares a prohibited usage description",
            fix:
                "Remove the usage description, or the browser entitlement: with both, restricted APIs are blocked on every site."
        ),
        Rule(
            code: "serviceWorkers.everywhere", title: "Service workers are enabled on every site",
            fix:
                "Keep com.apple.developer.WebKit.ServiceWorkers only if the app's web content needs service workers outside WKAppBoundDomains."
        ),
        Rule(
            code: "itp.switch", title: "The user can turn off Intelligent Tracking Prevention",
            fix:
                "Nothing to do if the app needs cross-site tracking; otherwise remove NSCrossWebsiteTrackingUsageDescription (a browser always shows the switch)."
        ),
        Rule(
            code: "itp.purposeString.invalid", title: "NSCrossWebsiteTrackingUsageDescription is not a sentence",
            fix:
                "Give NSCrossWebsiteTrackingUsageDescription a non-empty string that tells the user why the app tracks across sites."
        ),

        // Managed web views (spec/managed-web-views.md).
        Rule(
            code: "managed.settings.wrongType", title: "IntuneMAMSettings is not read as written",
            fix: "Make IntuneMAMSettings a dictionary and TreatAllWebViewsAsUnmanaged a Boolean (<true/> or <false/>)."),
        Rule(
            code: "managed.allWebViewsUnmanaged", title: "Every web view holds unmanaged data",
            fix:
                "Nothing to do if no web view shows the organisation's data; otherwise remove TreatAllWebViewsAsUnmanaged and mark the unmanaged web views one by one."
        ),

        // Associated domains (spec/associated-domains.md §1).
        Rule(
            code: "associatedDomains.wrongType", title: "The associated-domains entitlement is not an array of strings",
            fix: "Make com.apple.developer.associated-domains an array of strings such as applinks:example.com."),
        Rule(
            code: "entitlement.format", title: "An entry that is not <service>:<domain>",
            fix: "Write the entry as <service>:<domain>, for example applinks:example.com."),
        Rule(
            code: "entitlement.service.unknown", title: "An unknown associated-domains service",
            fix: "Use applinks, webcredentials, activitycontinuation, appclips or authsrv."),
        Rule(
            code: "entitlement.service.authsrv", title: "An enterprise single sign-on entry",
            fix:
                "Nothing to do if the app is an SSO extension; authsrv entries are read by the system's SSO, not by universal links."
        ),
        Rule(
            code: "entitlement.browser.applinks", title: "A browser that claims universal links",
            fix:
                "Nothing to do if the association file's rules cover only pages the browser handles itself (a purchase or sign-in link); claim no other paths."
        ),
        Rule(
            code: "entitlement.query", title: "Something other than ?mode= after the domain",
            fix: "Remove everything after the domain except ?mode=developer, ?mode=managed or ?mode=developer+managed."),
        Rule(
            code: "entitlement.mode.unknown", title: "An unknown mode, ignored",
            fix: "Use the modes developer and managed only (developer+managed for both)."),
        Rule(
            code: "entitlement.path", title: "A scheme, path or fragment in an entry",
            fix:
                "Write the domain only: no https://, path, fragment or trailing slash (paths belong in the association file)."
        ),
        Rule(
            code: "entitlement.wildcard.appclips", title: "A wildcard appclips entry",
            fix: "List each App Clip domain in full: appclips entries cannot use *."),
        Rule(
            code: "entitlement.wildcard.baseDomain", title: "A wildcard entry and its base domain",
            fix:
                "Add the base domain as an entry of its own if it should open the app too: whether *.example.com covers example.com is disputed."
        ),
        Rule(
            code: "entitlement.port.invalid", title: "A port that is not 1–65535",
            fix: "Remove the port, or write a number from 1 to 65535."),
        Rule(
            code: "entitlement.port", title: "A port in an entry",
            fix: "Remove the port: Apple says universal links with a port do not work."),
        Rule(
            code: "entitlement.host.empty", title: "No domain in an entry",
            fix: "Write a domain after the service: applinks:example.com."),
        Rule(
            code: "entitlement.host.leadingDot", title: "A domain that starts with a dot",
            fix: "Remove the leading dot; write *.example.com to cover subdomains."),
        Rule(
            code: "entitlement.host.emptyLabel", title: "A domain with an empty label",
            fix: "Remove the doubled dot."),
        Rule(
            code: "entitlement.host.idna", title: "A domain that is not valid IDNA",
            fix: "Write the domain in punycode (xn--...) as the DNS knows it."),
        Rule(
            code: "entitlement.host.idn", title: "A non-ASCII domain",
            fix: "Write the domain in punycode, as the warning shows."),
        Rule(
            code: "entitlement.host.uppercase", title: "A domain with capital letters",
            fix: "Write the domain in lowercase."),
        Rule(
            code: "entitlement.host.characters", title: "A domain with characters a host cannot have",
            fix: "Write a plain host name: letters, digits, hyphens and dots."),
        Rule(
            code: "entitlement.host.ipAddress", title: "An IP address without a mode",
            fix: "Use a domain name, or add ?mode=developer for local testing."),
        Rule(
            code: "entitlement.host.localhost", title: "localhost without developer mode",
            fix: "Add ?mode=developer, and turn on Associated Domains Development on the test device."),
        Rule(
            code: "entitlement.host.noDot", title: "A domain without a dot",
            fix: "Write the full domain name (example.com)."),
        Rule(
            code: "entitlement.host.tld", title: "A top-level domain",
            fix: "Write a registrable domain (example.com), not a top-level domain."),
        Rule(
            code: "entitlement.duplicate", title: "An entry that repeats another",
            fix: "Remove the repeated entry."),
        Rule(
            code: "entitlement.tooMany", title: "More associated domains than Apple advises",
            fix: "Consolidate to about 20–30 domains, for example with *. entries served from the base domain."),

        // A hybrid framework's configuration (spec/hybrid-frameworks.md).
        Rule(
            code: "framework.configuration.unreadable", title: "The framework's configuration file does not read",
            fix:
                "Correct the file at the place the message names (valid JSON or XML of the framework's shape) and audit again."
        ),
        Rule(
            code: "framework.configuration.ignored", title: "A configuration value the framework ignores",
            fix: "Give the value the type the framework reads (a list of strings, true or false, a scheme of its own)."),
        Rule(
            code: "framework.configuration.missing", title: "The framework's settings are in code",
            fix:
                "Write webfence-framework.json beside Info.plist with the framework's props ({\"framework\": \"hotwire-native\", \"configuration\": {\"startLocation\": \"https://...\"}})."
        ),
        Rule(
            code: "framework.startPage.notAppBound", title: "The framework's start page is not app-bound",
            fix: "Add the start page's registrable domain to WKAppBoundDomains."),
        Rule(
            code: "framework.bridge.notAppBound",
            title: "WKAppBoundDomains without the limits flag: the bridge is dead",
            fix:
                "Turn the flag on where the framework sets it: ios.limitsNavigationsToAppBoundDomains in capacitor.config.json, <preference name=\"LimitsNavigationsToAppBoundDomains\" value=\"true\"/> in config.xml, the limitsNavigationsToAppBoundDomains prop, or Hotwire's makeCustomWebView."
        ),
        Rule(
            code: "framework.localhost.versionDependent", title: "The bridge depends on the iOS version",
            fix:
                "Turn the limits flag on and list localhost in WKAppBoundDomains, so that the local start page is app-bound on every iOS version."
        ),
        Rule(
            code: "framework.allowed.notAppBound", title: "The framework allows a host WebKit will refuse",
            fix:
                "Add the host's registrable domain to WKAppBoundDomains, or remove it from the framework's list so that it opens outside the app."
        ),
        Rule(
            code: "capacitor.serverURL.prefix", title: "server.url without a slash lets look-alike hosts in",
            fix:
                "End server.url with a slash after the host (https://app.example.com/): the prefix test then stops at the host."
        ),
        Rule(
            code: "capacitor.serverURL.case", title: "server.url with capitals sends the app's own pages to Safari",
            fix: "Write server.url's scheme and host in lower case (https://app.example.com/)."),
        Rule(
            code: "capacitor.allowNavigation.notAHost", title: "An allowNavigation entry that is not a host",
            fix:
                "Write the host only (example.com, *.example.com): Capacitor compares hosts, without scheme, port or path."
        ),
        Rule(
            code: "capacitor.allowNavigation.everyHost", title: "allowNavigation allows every host",
            fix: "List the hosts the app visits instead of *."),
        Rule(
            code: "cordova.allowNavigation.anyHost", title: "An <allow-navigation> host that reads as any host",
            fix:
                "Write the subdomain wildcard with its dot (https://*.youtube.com/*), which covers the domain and its subdomains."
        ),
        Rule(
            code: "cordova.allowNavigation.everything", title: "<allow-navigation href=\"*\"> allows every URL",
            fix: "List the sites the app loads (https://*.example.com/*) and about:* if it needs about:blank."),
        Rule(
            code: "cordova.allowNavigation.neverMatches", title: "An <allow-navigation> entry that matches nothing",
            fix:
                "Write the entry as Cordova reads it: a lowercase scheme, no default port, no userinfo, about:* for about:blank."
        ),
        Rule(
            code: "reactNativeWebView.originWhitelist.prefix", title: "An originWhitelist entry matched as a prefix",
            fix:
                "Check the URL's host yourself in onShouldStartLoadWithRequest (or use the rule set of webfence framework rules): react-native-webview 16 matches entries as prefixes of the origin."
        ),
        Rule(
            code: "reactNativeWebView.originWhitelist.default", title: "The default originWhitelist admits every site",
            fix: "Set originWhitelist to the origins the app loads (https://example.com)."),
        Rule(
            code: "reactNativeWebView.originWhitelist.neverMatches",
            title: "An originWhitelist entry that matches nothing",
            fix: "Write origins as WebKit hands them: lower case, no path, no default port (https://example.com)."),
        Rule(
            code: "hotwire.startLocation.case", title: "The start location's host has capitals",
            fix: "Write the start location in lower case (https://app.example.com/)."),
        Rule(
            code: "pwabuilder.settings.inferred", title: "A built PWABuilder shell's settings, inferred",
            fix:
                "Nothing to do; audit the project folder (Settings.swift beside Info.plist) to check the exact allowedOrigins and authOrigins."
        ),
        Rule(
            code: "pwabuilder.origin.substring",
            title: "An allowedOrigins or authOrigins entry matched anywhere in the host",
            fix:
                "Check the host in WebView.swift label by label (host == entry or host.hasSuffix(\".\" + entry)) and compare the scheme, or move the check into a WebFence rule set (webfence framework rules)."
        ),
        Rule(
            code: "pwabuilder.origin.neverMatches", title: "A permitted URL that never occurs in a host",
            fix: "Write the entry as a lowercase host alone (accounts.google.com), without scheme, port, path or query."
        ),
        Rule(
            code: "pwabuilder.pageInitiated.anyHost", title: "Page-initiated navigations load any host",
            fix:
                "Drop the navigationType == .other branch of WebView.swift's decidePolicyFor, or apply the same host check to it."
        ),
        Rule(
            code: "pwabuilder.windowOpen", title: "window.open loads in the same web view and returns null",
            fix:
                "Return a new WKWebView from createWebViewWith for sign-in popups (or use ASWebAuthenticationSession), so the opener gets its window back."
        ),
        Rule(
            code: "pwabuilder.universalLink.unescaped", title: "A universal link is put into JavaScript unescaped",
            fix:
                "Load the link with webView.load(URLRequest(url:)) instead of evaluateJavaScript(\"location.href = '…'\"), or pass it as a JSON-encoded string."
        ),
        Rule(
            code: "pwabuilder.authOrigin.notAppBound", title: "A permitted URL WebKit will refuse",
            fix:
                "Add the permitted URL's domain to WKAppBoundDomains within its first ten sites, or open the sign-in in ASWebAuthenticationSession."
        ),

        // A fetched association file (`--fetch`, spec/associated-domains.md §2–§4).
        Rule(
            code: "aasa.appID.missing", title: "The association file does not name the app",
            fix:
                "Add the app's ID (team ID, a dot, bundle ID) to the file's applinks details (or the service's apps) and publish it again."
        ),
        Rule(
            code: "fetch.*", title: "The association file could not be fetched as a device fetches it",
            fix:
                "If this machine reaches the network, serve the file at https://DOMAIN/.well-known/apple-app-site-association: status 200, no redirect, a trusted certificate, application/json, at most 131,072 bytes."
        ),
        Rule(
            code: "aasa.*", title: "A problem in the association file",
            fix: "Correct the association file as `webfence aasa lint` explains, and publish it again."),
    ]

    private static let byCode: [String: Rule] = Dictionary(
        rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}

import Findings

/// Every code the audit raises itself, with its rule in one place: the severity, a title and the
/// sentence that says how to fix what it reports. A finding names its code (`AuditFinding(.code,
/// …)`) and takes its severity from here. The codes of the linters the audit runs (the
/// entitlement's `entitlement.*`, a fetched file's `aasa.*` and `fetch.*`) keep the severity their
/// linter gives them: ``AuditCatalog/delegated`` holds their titles and fixes. Adding a case fails
/// to compile until it has its rule, and `AuditFindingTests` until it has its docs entry and its
/// triggering and fixed cases. Codes are stable: scripts and code-scanning tools match on them.
public enum AuditCode: String, CaseIterable, Sendable, Hashable {
    // Reading the app.
    case inputUnusable = "input.unusable"
    case executableNotNamed = "executable.notNamed"
    case executableMissing = "executable.missing"
    case executableUnreadable = "executable.unreadable"
    case signatureMissing = "signature.missing"
    case signatureDamaged = "signature.damaged"
    case entitlementsXmlDiffersFromDER = "entitlements.xmlDiffersFromDER"
    case entitlementsNoDER = "entitlements.noDER"
    case entitlementsSlicesDiffer = "entitlements.slicesDiffer"
    case entitlementsProjectDiffers = "entitlements.projectDiffers"
    case entitlementsNotInProfile = "entitlements.notInProfile"
    case entitlementsAppIDMismatch = "entitlements.appIDMismatch"
    case entitlementsUnknown = "entitlements.unknown"
    case profileUnreadable = "profile.unreadable"
    case profileSignatureInvalid = "profile.signature.invalid"
    case profileExpired = "profile.expired"
    case appIDUnknown = "appID.unknown"
    case appIDTemplateBundleID = "appID.templateBundleID"
    // App-Bound Domains (spec/app-bound-domains.md §1–§3).
    case appBoundKeyWrongType = "appBound.key.wrongType"
    case appBoundKeyEmpty = "appBound.key.empty"
    case appBoundEntryDropped = "appBound.entry.dropped"
    case appBoundEntryPastCapacity = "appBound.entry.pastCapacity"
    case appBoundEntryDuplicate = "appBound.entry.duplicate"
    case appBoundEntryWidened = "appBound.entry.widened"
    case appBoundEntryWildcard = "appBound.entry.wildcard"
    case appBoundEntryPublicSuffix = "appBound.entry.publicSuffix"
    case appBoundSchemeNeverMatches = "appBound.scheme.neverMatches"
    case appBoundSchemeWeb = "appBound.scheme.web"
    case appBoundBrowserKeyIgnored = "appBound.browser.keyIgnored"
    case browserProhibitedUsage = "browser.prohibitedUsage"
    case serviceWorkersEverywhere = "serviceWorkers.everywhere"
    case itpSwitch = "itp.switch"
    case itpPurposeStringInvalid = "itp.purposeString.invalid"
    // Managed web views (spec/managed-web-views.md).
    case managedSettingsWrongType = "managed.settings.wrongType"
    case managedAllWebViewsUnmanaged = "managed.allWebViewsUnmanaged"
    // Associated domains (spec/associated-domains.md §1).
    case associatedDomainsWrongType = "associatedDomains.wrongType"
    // A hybrid framework's configuration (spec/hybrid-frameworks.md).
    case frameworkConfigurationUnreadable = "framework.configuration.unreadable"
    case frameworkConfigurationIgnored = "framework.configuration.ignored"
    case frameworkConfigurationMissing = "framework.configuration.missing"
    case frameworkStartPageNotAppBound = "framework.startPage.notAppBound"
    case frameworkBridgeNotAppBound = "framework.bridge.notAppBound"
    case frameworkLocalhostVersionDependent = "framework.localhost.versionDependent"
    case frameworkAllowedNotAppBound = "framework.allowed.notAppBound"
    case frameworkStartPageDevelopmentServer = "framework.startPage.developmentServer"
    case frameworkStartPageCleartext = "framework.startPage.cleartext"
    case frameworkAllowedDevelopmentServer = "framework.allowed.developmentServer"
    case frameworkAllowedCleartext = "framework.allowed.cleartext"
    case frameworkAllowedEveryHost = "framework.allowed.everyHost"
    case frameworkWebInspectorEnabled = "framework.webInspector.enabled"
    case frameworkAppBoundFlagWithoutList = "framework.appBound.flagWithoutList"
    case capacitorServerURLPrefix = "capacitor.serverURL.prefix"
    case capacitorServerURLCase = "capacitor.serverURL.case"
    case capacitorAllowNavigationNotAHost = "capacitor.allowNavigation.notAHost"
    case capacitorAllowNavigationEveryHost = "capacitor.allowNavigation.everyHost"
    case cordovaAllowNavigationAnyHost = "cordova.allowNavigation.anyHost"
    case cordovaAllowNavigationEverything = "cordova.allowNavigation.everything"
    case cordovaAllowNavigationNeverMatches = "cordova.allowNavigation.neverMatches"
    case reactNativeWebViewOriginWhitelistPrefix = "reactNativeWebView.originWhitelist.prefix"
    case reactNativeWebViewOriginWhitelistDefault = "reactNativeWebView.originWhitelist.default"
    case reactNativeWebViewOriginWhitelistNeverMatches = "reactNativeWebView.originWhitelist.neverMatches"
    case hotwireStartLocationCase = "hotwire.startLocation.case"
    case pwabuilderSettingsInferred = "pwabuilder.settings.inferred"
    case pwabuilderOriginSubstring = "pwabuilder.origin.substring"
    case pwabuilderOriginNeverMatches = "pwabuilder.origin.neverMatches"
    case pwabuilderPageInitiatedAnyHost = "pwabuilder.pageInitiated.anyHost"
    case pwabuilderWindowOpen = "pwabuilder.windowOpen"
    case pwabuilderUniversalLinkUnescaped = "pwabuilder.universalLink.unescaped"
    case pwabuilderAuthOriginNotAppBound = "pwabuilder.authOrigin.notAppBound"
    case pwabuilderOriginSample = "pwabuilder.origin.sample"
    case pwabuilderRootURLNotAllowed = "pwabuilder.rootUrl.notAllowed"
    // A built Flutter app's web view plugins (spec/hybrid-frameworks.md §13).
    case flutterInAppWebViewBridgeEveryFrame = "flutter.inAppWebView.bridgeEveryFrame"
    case flutterWebViewFlutterChannelsEveryFrame = "flutter.webviewFlutter.channelsEveryFrame"
    // flutter_inappwebview's allow lists, from webfence-framework.json (spec §13c–§13d, D125).
    case flutterInAppWebViewEntrySyntaxError = "flutter.inAppWebView.entrySyntaxError"
    case flutterInAppWebViewHandlerEntryNeverMatches = "flutter.inAppWebView.handlerEntryNeverMatches"
    case flutterInAppWebViewEntryAndroidWildcard = "flutter.inAppWebView.entryAndroidWildcard"
    case flutterInAppWebViewEntryEscapeLost = "flutter.inAppWebView.entryEscapeLost"
    case flutterInAppWebViewEntryDotAnyCharacter = "flutter.inAppWebView.entryDotAnyCharacter"
    case flutterInAppWebViewEntryUnanchored = "flutter.inAppWebView.entryUnanchored"
    // A Tauri project (spec/hybrid-frameworks.md §14).
    case tauriAppBoundAppleSpelling = "tauri.appBound.appleSpelling"
    case tauriAppBoundLocalhostMissing = "tauri.appBound.localhostMissing"
    case tauriAppCommandsRemote = "tauri.appCommands.remote"
    case tauriCapabilityEveryHost = "tauri.capability.everyHost"
    case tauriCapabilityNoContext = "tauri.capability.noContext"
    case tauriCapabilitySubdomainsOnly = "tauri.capability.subdomainsOnly"

    /// The severity of the code's findings.
    public var severity: Finding.Severity { definition.0 }

    /// The code's rule.
    public var rule: AuditCatalog.Rule {
        let (severity, title, fix) = definition
        return AuditCatalog.Rule(code: rawValue, severity: severity, title: title, fix: fix)
    }

    private var definition: (Finding.Severity, String, String) {
        switch self {
        // Reading the app.
        case .inputUnusable:
            (
                .error, "An app in the folder could not be read",
                "Replace the damaged file (the message names it) with the one the build made, and audit again."
            )
        case .executableNotNamed:
            (
                .warning, "Info.plist names no executable",
                "Set CFBundleExecutable to the executable's file name ($(EXECUTABLE_NAME) in Xcode)."
            )
        case .executableMissing:
            (
                .warning, "The executable is not in the bundle",
                "Audit the built product (the .app or .ipa that ships): its executable carries the signed entitlements."
            )
        case .executableUnreadable:
            (
                .error, "The executable is not a usable Mach-O file",
                "Rebuild the app: the executable must be a Mach-O file, thin or universal, whose headers stay inside the file."
            )
        case .signatureMissing:
            (
                .warning, "The executable is not code-signed",
                "Sign the app with its entitlements (Xcode, or codesign --entitlements): an unsigned app does not install on a device."
            )
        case .signatureDamaged:
            (
                .error, "The code signature is damaged",
                "Re-sign the app: the system refuses to launch an executable whose signature does not read."
            )
        case .entitlementsXmlDiffersFromDER:
            (
                .error, "The XML and DER entitlements differ",
                "Re-sign with one entitlements file so that both blobs say the same: iOS 15 and later read the DER one, older systems the XML one."
            )
        case .entitlementsNoDER:
            (
                .warning, "The signature has no DER entitlements",
                "Re-sign with Xcode 13 or later (codesign adds the DER blob): iOS 15 and later refuse to launch an app signed without it."
            )
        case .entitlementsSlicesDiffer:
            (
                .warning, "The architectures are signed with different entitlements",
                "Sign every architecture of the universal binary with the same entitlements."
            )
        case .entitlementsProjectDiffers:
            (
                .warning, "The project's entitlements are not the signed ones",
                "Rebuild and re-sign, or correct the .entitlements file: a device uses the signed entitlements."
            )
        case .entitlementsNotInProfile:
            (
                .error, "An entitlement the provisioning profile does not grant",
                "Enable the capability for the App ID in the developer portal and regenerate the profile, or remove the entitlement: the app does not install otherwise."
            )
        case .entitlementsAppIDMismatch:
            (
                .error, "The signed application-identifier is not this app's",
                "Sign with the provisioning profile of this bundle ID: application-identifier must be the team ID, a dot and CFBundleIdentifier."
            )
        case .entitlementsUnknown:
            (
                .warning, "No entitlements were read",
                "Pass the project's .entitlements file with --entitlements, or audit the signed .app or .ipa."
            )
        case .profileUnreadable:
            (
                .error, "The provisioning profile does not read",
                "Regenerate the provisioning profile and re-sign the app."
            )
        case .profileSignatureInvalid:
            (
                .error, "The provisioning profile's signature does not verify",
                "Replace embedded.mobileprovision with the profile as downloaded: it was changed after it was signed."
            )
        case .profileExpired:
            (
                .error, "The provisioning profile has expired",
                "Regenerate the provisioning profile and re-sign the app: a device refuses to launch it."
            )
        case .appIDUnknown:
            (
                .warning, "The app's ID is unknown",
                "Audit the signed app (its application-identifier entitlement), or pass --app-id TEAMID.bundle.id."
            )
        case .appIDTemplateBundleID:
            (
                .warning, "The bundle ID is a project template's default",
                "Set PRODUCT_BUNDLE_IDENTIFIER to a reverse-DNS name of your own (and the association files' appIDs to <Team ID>.<that name>)."
            )
        // App-Bound Domains (spec/app-bound-domains.md §1–§3).
        case .appBoundKeyWrongType:
            (
                .error, "WKAppBoundDomains is not an array of strings",
                "Make WKAppBoundDomains an array of strings: the engine crashes reading anything else."
            )
        case .appBoundKeyEmpty:
            (
                .note, "WKAppBoundDomains lists nothing usable",
                "List the domains the app's web views may use their powerful APIs on, or remove the key if no web view needs them."
            )
        case .appBoundEntryDropped:
            (
                .warning, "A WKAppBoundDomains entry the engine drops",
                "Write the entry as a domain (example.com) or as a scheme followed by a colon (myscheme:)."
            )
        case .appBoundEntryPastCapacity:
            (
                .error, "A WKAppBoundDomains entry past the 10-entry cap",
                "Keep to 10 distinct domains and schemes: remove entries, or list the registrable domain once for all its subdomains."
            )
        case .appBoundEntryDuplicate:
            (
                .note, "A WKAppBoundDomains entry that repeats another",
                "Remove the entry: after reduction to its registrable domain it repeats an earlier one."
            )
        case .appBoundEntryWidened:
            (
                .note, "A WKAppBoundDomains entry that covers more than it says",
                "Write the registrable domain itself, so that the list says what the engine does: every subdomain, path, port and scheme of it is app-bound."
            )
        case .appBoundEntryWildcard:
            (
                .warning, "A WKAppBoundDomains entry with a * that stays in the host",
                "List the registrable domain (example.com), which covers every subdomain: a * is not a wildcard in WKAppBoundDomains."
            )
        case .appBoundEntryPublicSuffix:
            (
                .warning, "A WKAppBoundDomains entry that is a public suffix",
                "List the site's registrable domain (for example yourname.github.io), not the public suffix, which matches only itself."
            )
        case .appBoundSchemeNeverMatches:
            (
                .warning, "An app-bound scheme that never matches",
                "Write the scheme in lowercase letters, digits, +, - and . (myscheme:): URL schemes are compared lowercased."
            )
        case .appBoundSchemeWeb:
            (
                .warning, "A web scheme listed as app-bound",
                "Remove http: or https: and list the domains themselves: a web scheme makes every web page app-bound."
            )
        case .appBoundBrowserKeyIgnored:
            (
                .note, "A browser's WKAppBoundDomains has no effect",
                "Remove WKAppBoundDomains, or the browser entitlement: a browser's web views are never restricted by the list."
            )
        case .browserProhibitedUsage:
            (
                .warning, "A browser that declares a prohibited usage description",
                "Remove the usage description, or the browser entitlement: with both, restricted APIs are blocked on every site."
            )
        case .serviceWorkersEverywhere:
            (
                .note, "Service workers are enabled on every site",
                "Keep com.apple.developer.WebKit.ServiceWorkers only if the app's web content needs service workers outside WKAppBoundDomains."
            )
        case .itpSwitch:
            (
                .note, "The user can turn off Intelligent Tracking Prevention",
                "Nothing to do if the app needs cross-site tracking; otherwise remove NSCrossWebsiteTrackingUsageDescription (a browser always shows the switch)."
            )
        case .itpPurposeStringInvalid:
            (
                .warning, "NSCrossWebsiteTrackingUsageDescription is not a sentence",
                "Give NSCrossWebsiteTrackingUsageDescription a non-empty string that tells the user why the app tracks across sites."
            )
        // Managed web views (spec/managed-web-views.md).
        case .managedSettingsWrongType:
            (
                .error, "IntuneMAMSettings is not read as written",
                "Make IntuneMAMSettings a dictionary and TreatAllWebViewsAsUnmanaged a Boolean (<true/> or <false/>)."
            )
        case .managedAllWebViewsUnmanaged:
            (
                .note, "Every web view holds unmanaged data",
                "Nothing to do if no web view shows the organisation's data; otherwise remove TreatAllWebViewsAsUnmanaged and mark the unmanaged web views one by one."
            )
        // Associated domains (spec/associated-domains.md §1).
        case .associatedDomainsWrongType:
            (
                .error, "The associated-domains entitlement is not an array of strings",
                "Make com.apple.developer.associated-domains an array of strings such as applinks:example.com."
            )
        // A hybrid framework's configuration (spec/hybrid-frameworks.md).
        case .frameworkConfigurationUnreadable:
            (
                .error, "The framework's configuration file does not read",
                "Correct the file at the place the message names (valid JSON or XML of the framework's shape) and audit again."
            )
        case .frameworkConfigurationIgnored:
            (
                .warning, "A configuration value the framework ignores",
                "Give the value the type the framework reads (a list of strings, true or false, a scheme of its own)."
            )
        case .frameworkConfigurationMissing:
            (
                .note, "The framework's settings are in code",
                "Write webfence-framework.json beside Info.plist with the framework's props ({\"framework\": \"hotwire-native\", \"configuration\": {\"startLocation\": \"https://...\"}})."
            )
        case .frameworkStartPageNotAppBound:
            (
                .error, "The framework's start page is not app-bound",
                "Add the start page's registrable domain to WKAppBoundDomains."
            )
        case .frameworkBridgeNotAppBound:
            (
                .error, "WKAppBoundDomains without the limits flag: the bridge is dead",
                "Turn the flag on where the framework sets it: ios.limitsNavigationsToAppBoundDomains in capacitor.config.json, <preference name=\"LimitsNavigationsToAppBoundDomains\" value=\"true\"/> in config.xml, the limitsNavigationsToAppBoundDomains prop, or Hotwire's makeCustomWebView."
            )
        case .frameworkLocalhostVersionDependent:
            (
                .warning, "The bridge depends on the iOS version",
                "Turn the limits flag on and list localhost in WKAppBoundDomains, so that the local start page is app-bound on every iOS version."
            )
        case .frameworkAllowedNotAppBound:
            (
                .warning, "The framework allows a host WebKit will refuse",
                "Add the host's registrable domain to WKAppBoundDomains, or remove it from the framework's list so that it opens outside the app."
            )
        case .frameworkStartPageDevelopmentServer:
            (
                .error, "The start page is a development server",
                "Point the start page at the app's production site over https, or remove it so the bundled app loads; keep the development server's address in a configuration the release build does not use."
            )
        case .frameworkStartPageCleartext:
            (
                .error, "The start page loads over cleartext http",
                "Serve the start page over https and write it with https://."
            )
        case .frameworkAllowedDevelopmentServer:
            (
                .warning, "An allowed entry at a development or local-network address",
                "Remove the entry from the configuration the app ships with; add it only in a development build's configuration."
            )
        case .frameworkAllowedCleartext:
            (
                .warning, "An allowed entry over cleartext http",
                "Allow the site over https only (https://example.com/*), and serve it over https."
            )
        case .frameworkAllowedEveryHost:
            (
                .warning, "An allowed entry that lets every host in",
                "List the sites the app loads (https://*.example.com/*) instead of every host of a scheme."
            )
        case .frameworkWebInspectorEnabled:
            (
                .warning, "Web Inspector is on in release builds",
                "Remove the setting (the framework then makes the web view inspectable in debug builds only), or set it from the build configuration."
            )
        case .frameworkAppBoundFlagWithoutList:
            (
                .warning, "The limits flag is on, but there is no WKAppBoundDomains",
                "Add WKAppBoundDomains to Info.plist with the domains the app loads (up to ten), or turn the flag off if the app is not meant to be fenced."
            )
        case .capacitorServerURLPrefix:
            (
                .warning, "server.url without a slash lets look-alike hosts in",
                "End server.url with a slash after the host (https://app.example.com/): the prefix test then stops at the host."
            )
        case .capacitorServerURLCase:
            (
                .warning, "server.url with capitals sends the app's own pages to Safari",
                "Write server.url's scheme and host in lower case (https://app.example.com/)."
            )
        case .capacitorAllowNavigationNotAHost:
            (
                .warning, "An allowNavigation entry that is not a host",
                "Write the host only (example.com, *.example.com): Capacitor compares hosts, without scheme, port or path."
            )
        case .capacitorAllowNavigationEveryHost:
            (
                .warning, "allowNavigation allows every host",
                "List the hosts the app visits instead of *."
            )
        case .cordovaAllowNavigationAnyHost:
            (
                .error, "An <allow-navigation> host that reads as any host",
                "Write the subdomain wildcard with its dot (https://*.youtube.com/*), which covers the domain and its subdomains."
            )
        case .cordovaAllowNavigationEverything:
            (
                .warning, "<allow-navigation href=\"*\"> allows every URL",
                "List the sites the app loads (https://*.example.com/*) and about:* if it needs about:blank."
            )
        case .cordovaAllowNavigationNeverMatches:
            (
                .warning, "An <allow-navigation> entry that matches nothing",
                "Write the entry as Cordova reads it: a lowercase scheme, no default port, no userinfo, about:* for about:blank."
            )
        case .reactNativeWebViewOriginWhitelistPrefix:
            (
                .warning, "An originWhitelist entry matched as a prefix",
                "Check the URL's host yourself in onShouldStartLoadWithRequest (or use the rule set of webfence framework rules): react-native-webview 16 matches entries as prefixes of the origin."
            )
        case .reactNativeWebViewOriginWhitelistDefault:
            (
                .note, "The default originWhitelist admits every site",
                "Set originWhitelist to the origins the app loads (https://example.com)."
            )
        case .reactNativeWebViewOriginWhitelistNeverMatches:
            (
                .warning, "An originWhitelist entry that matches nothing",
                "Write origins as WebKit hands them: lower case, no path, no default port (https://example.com)."
            )
        case .hotwireStartLocationCase:
            (
                .warning, "The start location's host has capitals",
                "Write the start location in lower case (https://app.example.com/)."
            )
        case .pwabuilderSettingsInferred:
            (
                .note, "A built PWABuilder shell's settings, inferred",
                "Nothing to do; audit the project folder (Settings.swift beside Info.plist) to check the exact allowedOrigins and authOrigins."
            )
        case .pwabuilderOriginSubstring:
            (
                .warning, "An allowedOrigins or authOrigins entry matched anywhere in the host",
                "Check the host in WebView.swift label by label (host == entry or host.hasSuffix(\".\" + entry)) and compare the scheme, or move the check into a WebFence rule set (webfence framework rules)."
            )
        case .pwabuilderOriginNeverMatches:
            (
                .warning, "A permitted URL that never occurs in a host",
                "Write the entry as a lowercase host alone (accounts.google.com), without scheme, port, path or query."
            )
        case .pwabuilderPageInitiatedAnyHost:
            (
                .warning, "Page-initiated navigations load any host",
                "Drop the navigationType == .other branch of WebView.swift's decidePolicyFor, or apply the same host check to it."
            )
        case .pwabuilderWindowOpen:
            (
                .warning, "window.open loads in the same web view and returns null",
                "Return a new WKWebView from createWebViewWith for sign-in popups (or use ASWebAuthenticationSession), so the opener gets its window back."
            )
        case .pwabuilderUniversalLinkUnescaped:
            (
                .warning, "A universal link is put into JavaScript unescaped",
                "Load the link with webView.load(URLRequest(url:)) instead of evaluateJavaScript(\"location.href = '…'\"), or pass it as a JSON-encoded string."
            )
        case .pwabuilderAuthOriginNotAppBound:
            (
                .error, "A permitted URL WebKit will refuse",
                "Add the permitted URL's domain to WKAppBoundDomains within its first ten sites, or open the sign-in in ASWebAuthenticationSession."
            )
        case .pwabuilderOriginSample:
            (
                .warning, "A sample origin of the template is allowed",
                "Replace the sample with the app's own host (and its permitted URLs) in Settings.swift and WKAppBoundDomains, or remove it."
            )
        case .pwabuilderRootURLNotAllowed:
            (
                .error, "The start URL's host is not an allowed origin",
                "Put the start URL's host (rootUrl's host, www. included if it has one) in allowedOrigins."
            )
        // A built Flutter app.
        case .flutterInAppWebViewBridgeEveryFrame:
            (
                .warning, "flutter_inappwebview's bridge answers every frame of every origin",
                "Update flutter_inappwebview to 6.2 or later and set javaScriptBridgeOriginAllowList and javaScriptHandlersOriginAllowList to the app's origins, anchored (^https://app\\.example\\.com$ natively; the page's list with each backslash doubled)."
            )
        case .flutterWebViewFlutterChannelsEveryFrame:
            (
                .note, "webview_flutter's JavaScript channels are in every frame",
                "Load no page or frame you do not trust in a web view with JavaScript channels, and check each message in its handler: a channel never sees the frame or origin that sent it."
            )
        // flutter_inappwebview's allow lists.
        case .flutterInAppWebViewEntrySyntaxError:
            (
                .error, "An allow-list entry that removes its scripts everywhere",
                #"Write the entry as a regular expression, not an Android origin rule: for example.com and its subdomains the page must receive ^https://(.*\.)?example\.com$, written in Dart as r'^https://(.*\\.)?example\\.com$' (the page's string literal eats single backslashes). A leading * or a trailing backslash fails for every origin."#
            )
        case .flutterInAppWebViewHandlerEntryNeverMatches:
            (
                .warning, "A handler allow-list entry that matches nothing",
                #"Write an ICU regular expression: ".*" for every origin ("*" is special only in the two page-side lists), r'^https://app\.example\.com$' for one origin."#
            )
        case .flutterInAppWebViewEntryAndroidWildcard:
            (
                .warning, "An Android origin rule read as a regular expression",
                #"Write a regular expression: for example.com and its subdomains the page must receive ^https://(.*\.)?example\.com$ (in Dart r'^https://(.*\\.)?example\\.com$' on the page-side lists, r'^https://(.*\.)?example\.com$' on the handler list)."#
            )
        case .flutterInAppWebViewEntryEscapeLost:
            (
                .warning, "A backslash the page's string literal eats",
                #"Double each backslash of a page-side entry in Dart, r'^https://app\\.example\\.com$', so that the expression receives \. and not . (any character)."#
            )
        case .flutterInAppWebViewEntryDotAnyCharacter:
            (
                .warning, "A dot that is any character",
                #"Escape each dot: the expression must read ^https://app\.example\.com$ (in Dart r'^https://app\\.example\\.com$' on the page-side lists, r'^https://app\.example\.com$' on the handler list)."#
            )
        case .flutterInAppWebViewEntryUnanchored:
            (
                .warning, "An allow-list entry that admits more origins than it names",
                #"Anchor the expression at both ends: the page must receive ^https://app\.example\.com$ (in Dart r'^https://app\\.example\\.com$' on the page-side lists, r'^https://app\.example\.com$' on the handler list)."#
            )
        // A Tauri project.
        case .tauriAppBoundAppleSpelling:
            (
                .error, "Apple's spelling of Tauri's App-Bound key",
                "Write limitNavigationsToAppBoundDomains (limit, not limits) in the window's configuration."
            )
        case .tauriAppBoundLocalhostMissing:
            (
                .warning, "App-Bound Domains on without localhost",
                "Add localhost to WKAppBoundDomains in src-tauri/Info.ios.plist, with the app's other domains: Tauri writes none."
            )
        case .tauriAppCommandsRemote:
            (
                .warning, "The app's commands run from any remote page",
                "Update Tauri to 2.11.2 or later, or declare the app's commands with an app manifest in build.rs (tauri_build::Attributes::app_manifest) and grant them in a capability."
            )
        case .tauriCapabilityEveryHost:
            (
                .warning, "A capability granted to every host",
                "Name the hosts in remote.urls (https://app.example.com, or https://*.example.com for its subdomains)."
            )
        case .tauriCapabilityNoContext:
            (
                .warning, "A capability that applies to no page",
                "Set local to true for the app's own pages, or name the remote pages in remote.urls."
            )
        case .tauriCapabilitySubdomainsOnly:
            (
                .note, "A capability for a domain's subdomains, not the domain",
                "Add the domain itself to remote.urls (https://example.com beside https://*.example.com) if its own pages need the permissions."
            )
        }
    }
}

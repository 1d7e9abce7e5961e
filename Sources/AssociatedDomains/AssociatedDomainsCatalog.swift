import Findings

extension FindingCatalog {
    /// Every code the associated-domains linters report: the entitlement's entries (`entitlement.*`),
    /// the association file as a device reads it and as the linter judges it (`aasa.*`), and the two
    /// that `webfence aasa lint` adds itself. Each entry holds what a SARIF log needs to show its code
    /// as a rule; docs/associated-domains.md lists them under Finding codes.
    public static let associatedDomains = FindingCatalog(
        documentation: "docs/associated-domains.md#finding-codes",
        AssociatedDomainsCodes.entitlementRules + AssociatedDomainsCodes.readerRules
            + AssociatedDomainsCodes.linterRules)
}

/// The entries of `FindingCatalog.associatedDomains`, by family.
enum AssociatedDomainsCodes {

    // MARK: - The entitlement (spec §1)

    static let entitlementRules: [FindingCatalog.Entry] = [
        (
            "entitlement.format", "Entry with no service before a colon",
            "Prefix the domain with its service and a colon: applinks:example.com for universal links, webcredentials:example.com for passwords."
        ),
        (
            "entitlement.service.unknown", "Service name the system does not know",
            "Use applinks, webcredentials, activitycontinuation, appclips or authsrv before the colon, in lowercase and spelled exactly."
        ),
        (
            "entitlement.service.authsrv", "Enterprise single sign-on entry (authsrv)",
            "No change is needed if the app has a single sign-on extension; otherwise remove the entry, which plays no part in universal links or passwords."
        ),
        (
            "entitlement.browser.applinks", "Universal links claimed by a browser app",
            "Keep only the pages the browser should handle itself (sign-in, purchase) in the domain's association file: links to them from other apps open the browser, as for any app."
        ),
        (
            "entitlement.query", "Text other than ?mode= after the domain",
            "Delete the query after the domain: only ?mode=developer, ?mode=managed or ?mode=developer+managed may follow it."
        ),
        (
            "entitlement.mode.unknown", "Mode word that is ignored",
            "Spell the mode developer, managed or developer+managed: any other word is skipped, as if it were not there."
        ),
        (
            "entitlement.path", "Entry with a slash or #, not a bare domain",
            "Keep only the domain after the colon: drop https://, any path, the trailing slash and any #, and list paths in the association file instead."
        ),
        (
            "entitlement.wildcard.appclips", "Wildcard in an appclips entry",
            "Name each App Clip domain in full (appclips:clip.example.com): App Clips accept no *. entries."
        ),
        (
            "entitlement.wildcard.baseDomain", "Wildcard entry that may not cover its base domain",
            "If links to the base domain itself should open the app, add it as an entry of its own beside the *. one: whether the wildcard covers it is disputed, and WebFence assumes not."
        ),
        (
            "entitlement.port.invalid", "Port that is not a number from 1 to 65535",
            "Correct or remove the text after the last colon: a port is a whole number from 1 to 65535."
        ),
        (
            "entitlement.port", "Entry with a port",
            "Serve the association file on the default HTTPS port and drop the port from the entry: Apple says universal links with a port do not work."
        ),
        (
            "entitlement.host.empty", "No domain after the service",
            "Write the domain after the colon (applinks:example.com), and after *. in a wildcard entry."
        ),
        (
            "entitlement.host.leadingDot", "Domain that starts with a dot",
            "Remove the leading dot; to cover subdomains, write *.example.com rather than .example.com."
        ),
        (
            "entitlement.host.emptyLabel", "Domain with two dots in a row",
            "Remove the extra dot, so that every label between dots has characters."
        ),
        (
            "entitlement.host.idna", "Non-ASCII domain that IDNA cannot convert",
            "Write the domain in its ASCII form (punycode, xn--), or correct the characters IDNA refuses, such as invisible joiners."
        ),
        (
            "entitlement.host.idn", "Domain written in non-ASCII characters",
            "Replace the domain with the punycode form the message quotes (it starts with xn--): that is the name the system uses."
        ),
        (
            "entitlement.host.uppercase", "Domain with uppercase letters",
            "Lowercase the domain in the entitlement (applinks:example.com, not applinks:Example.com)."
        ),
        (
            "entitlement.host.characters", "Domain with characters a host cannot have",
            "Keep the domain to letters, digits, hyphens and dots (and an IPv6 address's brackets and colons); remove spaces, @, % and the like."
        ),
        (
            "entitlement.host.ipAddress", "IP address without a mode",
            "Use a domain name, or add ?mode=developer (or ?mode=managed) to the entry while testing against an address."
        ),
        (
            "entitlement.host.localhost", "localhost without ?mode=developer",
            "Write applinks:localhost?mode=developer, and enable Associated Domains Development under Settings > Developer on the test device."
        ),
        (
            "entitlement.host.noDot", "Domain without a dot",
            "Write the fully qualified domain (example.com, not example): a single-label name is refused."
        ),
        (
            "entitlement.host.tld", "Top-level domain as the entry's domain",
            "Name a domain registered under the top-level domain (example.com), not the top-level domain itself."
        ),
        (
            "entitlement.duplicate", "Entry that repeats an earlier one",
            "Delete the later entry: one with the same service, wildcard, domain and port comes before it (entries that differ only in ?mode= count as the same)."
        ),
        (
            "entitlement.tooMany", "More than 30 associated domains",
            "Trim the list to about 20 to 30 entries, as Apple advises, for example by covering subdomains with one *. entry."
        ),
        (
            "entitlement.appID.missing", "Entitlements without application-identifier",
            "Pass entitlements that include application-identifier (the Team ID, a dot and the bundle ID), such as the signed app's, so the file can be checked against the app."
        ),
    ]

    // MARK: - Reading the file (spec §2)

    static let readerRules: [FindingCatalog.Entry] = [
        (
            "aasa.size", "File larger than 131,072 bytes",
            "Shrink the file below 131,072 bytes, for example by merging paths into wildcard components or substitution variables: a device stops downloading a larger one."
        ),
        (
            "aasa.encoding.invalid", "File that is not Unicode text",
            "Save and serve the file as UTF-8 JSON (UTF-16 and UTF-32 also read), and check that nothing on the way adds or damages bytes."
        ),
        (
            "aasa.json.invalid", "File that is not valid JSON",
            "Correct the JSON at the line and column the message gives (comments, trailing commas and single quotes are not JSON), then publish the file again."
        ),
        (
            "aasa.json.notObject", "Top level that is not a JSON object",
            "Make the file one JSON object keyed by service (applinks, webcredentials, and so on), not an array or a single value."
        ),
        (
            "aasa.cms", "CMS-signed file, the old form",
            "No change is needed, as devices read the signed content; serving the plain JSON file instead makes it easier to check."
        ),
        (
            "aasa.encoding", "File not in plain UTF-8",
            "No change is needed; to match what servers and tools expect, save the file as UTF-8 without a byte order mark."
        ),
        (
            "aasa.json.duplicateKey", "Key repeated in one object",
            "Keep one copy of the key, holding everything you meant: devices use only the last copy."
        ),
        (
            "aasa.service.notObject", "Service whose value is not an object",
            "Make the service's value a JSON object (applinks with details, the other services with apps): devices skip it otherwise."
        ),
        (
            "aasa.service.unknown", "Top-level key that is not a service",
            "Check the key's spelling: devices read applinks, webcredentials, activitycontinuation and appclips, and ignore any other key."
        ),
        (
            "aasa.apps.missing", "Service without an apps array",
            "Add an apps array that lists the ID (Team ID, a dot, bundle ID) of each app allowed to use the service."
        ),
        (
            "aasa.applinks.noDetails", "applinks without details",
            "Add a details array to applinks, with an entry of appIDs and components for each app: without it no universal link opens an app."
        ),
        (
            "aasa.details.dictionaryForm", "details in the oldest form, keyed by app ID",
            "No change is needed; to use the current form, rewrite details as an array of objects, each with appIDs and components."
        ),
        (
            "aasa.details.notArray", "details that is not an array",
            "Make details an array of objects, each with appIDs and components: devices ignore details of any other type."
        ),
        (
            "aasa.applinks.apps", "applinks.apps, a leftover of iOS 9 to 12",
            "Remove applinks.apps, which current systems ignore beside details; if the app still supports iOS 12 or earlier, make it an empty array."
        ),
        (
            "aasa.variables.notObject", "substitutionVariables that is not an object",
            "Make substitutionVariables an object that maps each variable's name to an array of strings: devices ignore it otherwise."
        ),
        (
            "aasa.variable.name", "Variable name that can never be used",
            "Rename the variable with a name that is not empty and has no $, ( or ) in it."
        ),
        (
            "aasa.variable.builtIn", "Definition of a built-in variable",
            "Choose another name: alpha, upper, lower, alnum, digit, xdigit, region and lang are built in, and a file's definition of them is ignored."
        ),
        (
            "aasa.variable.notArray", "Variable whose value is not an array",
            "Write the variable's value as an array of strings, one per alternative: devices ignore a variable of any other type."
        ),
        (
            "aasa.variable.notString", "Variable value that is not a string",
            "Quote the value as a string (\"42\", not 42): devices skip values of other types."
        ),
        (
            "aasa.variable.nested", "Variable value that uses another variable",
            "Write the value out in full: $( in a variable's value is matched as literal text, never expanded."
        ),
        (
            "aasa.details.notObject", "details entry that is not an object",
            "Make each details entry an object with appIDs and components: devices skip entries of other types."
        ),
        (
            "aasa.details.appIDIgnored", "appID beside appIDs, ignored",
            "Move the ID from appID into the appIDs array and delete appID: devices read only appIDs when both exist."
        ),
        (
            "aasa.appID.notString", "App ID that is not a string",
            "Write each app ID as a string, the Team ID, a dot and the bundle ID: devices skip values of other types."
        ),
        (
            "aasa.details.noAppID", "details entry with neither appIDs nor appID",
            "Add an appIDs array that names the apps the entry is for: without one it applies to no app."
        ),
        (
            "aasa.details.pathsIgnored", "paths beside components, ignored",
            "Move what paths says into components, or delete paths: devices read only components when both exist."
        ),
        (
            "aasa.details.emptyComponents", "Empty components array",
            "Add the components that should open the app, or remove the entry: an empty array matches no URL, and hides any paths too."
        ),
        (
            "aasa.rule.notObject", "Component that is not an object",
            "Write each component as an object of patterns (\"/\", \"?\", \"#\") and flags: devices skip components of other types."
        ),
        (
            "aasa.details.componentsNotArray", "components that is not an array",
            "Make components an array of component objects: when it has another type, nothing in the entry matches."
        ),
        (
            "aasa.paths.notArray", "paths that is not an array",
            "Make paths an array of strings, or better, replace it with components: when it has another type, nothing in the entry matches."
        ),
        (
            "aasa.paths.notString", "paths entry that is not a string",
            "Write each paths entry as a string pattern such as /buy/*: devices skip values of other types."
        ),
        (
            "aasa.appIDs.notArray", "appIDs or apps that is not an array",
            "Make appIDs (or a service's apps) an array of app ID strings, even for a single app: devices read no ID from any other type."
        ),
        (
            "aasa.defaults.notObject", "defaults that is not an object",
            "Make defaults an object of component keys, such as caseSensitive and percentEncoded: devices ignore defaults of any other type."
        ),
        (
            "aasa.rule.notString", "Pattern that is not a string",
            "Write the \"/\" and \"#\" patterns as strings, and \"?\" as a string or an object of strings: devices treat a pattern of another type as not given."
        ),
        (
            "aasa.rule.queryNotString", "Query item pattern that is not a string",
            "Quote every value in the \"?\" object (\"2\", not 2): one value of another type makes devices ignore the whole object and match any query."
        ),
        (
            "aasa.rule.boolCoerced", "Flag written as a number or a string",
            "Write exclude, caseSensitive and percentEncoded as JSON true or false: devices convert numbers and strings, which may not give the value meant."
        ),
        (
            "aasa.rule.boolInvalid", "Flag of a type devices read as false",
            "Write the flag as JSON true or false: devices read an array, an object or null as false."
        ),
        (
            "aasa.key.unknown", "Key that devices ignore",
            "Correct the key's spelling and case (caseSensitive, not casesensitive) or remove it: devices skip keys they do not know without a word."
        ),
        (
            "aasa.appID.placeholder", "App ID whose prefix is a placeholder",
            "Replace the placeholder (TEAM_ID, $(AppIdentifierPrefix), XXXXXXXXXX) with the app's 10-character Team ID from the developer account."
        ),
        (
            "aasa.appID.appStoreID", "App ID whose prefix is an App Store ID",
            "Use the 10-character Team ID from the developer account as the prefix, not the number in the app's App Store link."
        ),
        (
            "aasa.appID.noTeamID", "Bundle ID without a Team ID",
            "Put the Team ID and a dot before the bundle ID (ABCDE12345.com.example.app)."
        ),
        (
            "aasa.appID.format", "App ID not in the form Team ID, dot, bundle ID",
            "Write the ID as 10 uppercase letters or digits, a dot and the bundle ID, exactly as the app's application-identifier entitlement has it."
        ),
        (
            "aasa.appID.templateBundleID", "App ID with a project template's bundle ID",
            "Give the app a bundle ID of its own in the Xcode project, and list that one, not the template's default (such as org.reactjs.native.example.*)."
        ),
    ]

    // MARK: - The linter (spec §2–§4)

    static let linterRules: [FindingCatalog.Entry] = [
        (
            "aasa.appID.shadowed", "App ID listed again in a later entry",
            "Move the later entry's components into the first entry that lists the app ID, and remove the ID from the later one: devices use only the first."
        ),
        (
            "aasa.details.noApps", "Entry that names no usable app",
            "Add the app's real ID (Team ID, a dot, bundle ID) to the entry's appIDs: until then none of its rules can open an app."
        ),
        (
            "aasa.paths.legacy", "paths, the iOS 12 form",
            "Rewrite the patterns as components, which iOS 13 and later read and which can also match the query and the fragment; keep paths only for iOS 12 and earlier."
        ),
        (
            "aasa.rule.unreachable", "Rule after a catch-all, never reached",
            "Move the rule above the one that matches every URL, or narrow that one: rules are tried in order and the first match decides."
        ),
        (
            "aasa.rule.fragmentTrap", "Excluding any fragment blocks every URL",
            "Write \"#\": \"?*\" to exclude only URLs that have a fragment: an absent fragment is empty, and * matches it."
        ),
        (
            "aasa.rule.queryTrap", "Excluding any query blocks every URL",
            "Write \"?\": \"?*\" to exclude only URLs that have a query: an absent query is empty, and * matches it."
        ),
        (
            "aasa.rule.excludesEverything", "Exclude rule that matches every URL",
            "Narrow the rule with a path, query or fragment pattern, or remove it: as written, no link of the entry opens the app."
        ),
        (
            "aasa.variable.undefined", "Variable that is not defined",
            "Define the variable in substitutionVariables with at least one value, or correct its name (names are case-sensitive): until then the rule never matches."
        ),
        (
            "aasa.rule.nonASCII", "Non-ASCII pattern compared percent-encoded",
            "Set \"percentEncoded\": false on the rule or its defaults, or write the characters percent-encoded (é as %C3%A9)."
        ),
        (
            "aasa.region.uk", "UK where a region code is meant",
            "Write GB, the ISO 3166 code of the United Kingdom: $(region) never matches UK."
        ),
        (
            "aasa.rule.queryInPath", "Query written into the path pattern",
            "Move the query into the component's \"?\" key: \"/\" matches the path alone, and a ? in it stands for any one character."
        ),
        (
            "aasa.rule.hashInPath", "# in a path pattern",
            "Match what follows # with a component's \"#\" key (a single-page app's #/settings route): a URL's path never contains #."
        ),
        (
            "aasa.rule.fragmentHash", "Fragment pattern that starts with #",
            "Drop the leading # from the \"#\" pattern: the fragment is matched without it."
        ),
        (
            "aasa.rule.queryQuestionMark", "Query pattern that starts with ?",
            "Drop the leading ? from the \"?\" pattern: the query is matched without it, and a leading ? stands for any one character."
        ),
        (
            "aasa.domain.notInEntitlement", "Service the app never reads from this domain",
            "Add the service and this domain (applinks:example.com) to the app's associated-domains entitlement, or remove the service from this file if the app should not use it."
        ),
        (
            "aasa.appID.missing", "File that does not list the app's ID",
            "Add the app's exact ID (as in application-identifier, team prefix included) to the service's appIDs or apps, and publish the file again."
        ),
    ]
}

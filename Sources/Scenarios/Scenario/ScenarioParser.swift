import AppManifest
import AssociatedDomains
import ManagedWebViews
import NavigationRules
import StrictJSON
import WebAddress
import WebFenceNavigation

extension Scenario {
    /// Reads a scenario from JSON text. Every key is checked: an unknown key, an unknown action, a
    /// reference to a web view or viewer that is not declared, or a URL that does not parse is a
    /// `ScenarioError` naming the place.
    ///
    /// `loadFile` reads `app.infoPlistFile` / `app.entitlementsFile` (paths as written in the
    /// scenario) into plist values; without it those keys are errors.
    public static func parse(
        _ text: String, loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])? = nil
    ) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw ScenarioError("", "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        var reader = try JSONObjectReader<ScenarioError>(root, at: "")
        let name = try reader.requiredString("name")
        let description = try reader.string("description")
        guard let appValue = reader.value("app") else { throw ScenarioError("/app", "missing (an object is required)") }
        let app = try parseApp(appValue, loadFile: loadFile)
        let limitsDefault = app.framework?.limitsNavigationsToAppBoundDomains ?? false
        let viewers = try (reader.array("viewers") ?? []).enumerated().map { index, value throws(ScenarioError) in
            try parseViewer(value, at: "/viewers/\(index)")
        }
        let dataStores = try (reader.array("dataStores") ?? []).enumerated().map { index, value throws(ScenarioError) in
            try parseDataStore(value, at: "/dataStores/\(index)")
        }
        let webViews = try (reader.array("webViews") ?? []).enumerated().map { index, value throws(ScenarioError) in
            try parseWebView(value, at: "/webViews/\(index)", limitsDefault: limitsDefault, loadFile: loadFile)
        }
        let steps = try (reader.array("steps") ?? []).enumerated().map { index, value throws(ScenarioError) in
            try parseStep(value, index: index, loadFile: loadFile)
        }
        try reader.finish(expected: ["name", "description", "app", "viewers", "dataStores", "webViews", "steps"])

        let scenario = Scenario(
            name: name, description: description, app: app, viewers: viewers, dataStores: dataStores,
            webViews: webViews, steps: steps)
        try scenario.checkReferences()
        return scenario
    }

    // MARK: - Parts

    private static func parseApp(
        _ value: JSONValue, loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?
    ) throws(ScenarioError) -> AppSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: "/app")
        func dictionary(_ key: String, fileKey: String) throws(ScenarioError) -> [JSONValue.Member] {
            let inline = reader.value(key)
            let file = try reader.string(fileKey)
            switch (inline, file) {
            case (.some, .some):
                throw ScenarioError(reader.path(fileKey), "give \(key) or \(fileKey), not both")
            case (.some(.object(let members)), nil):
                return members
            case (.some(.null), nil), (nil, nil):
                return []
            case (.some(let other), nil):
                throw ScenarioError(reader.path(key), "expected an object, found \(other.typeName)")
            case (nil, .some(let path)):
                guard let loadFile else {
                    throw ScenarioError(
                        reader.path(fileKey), "plist files can only be read when the scenario is a file")
                }
                return try loadFile(path)
            }
        }
        let declarations = AppDeclarations(
            infoPlist: try dictionary("infoPlist", fileKey: "infoPlistFile"),
            entitlements: try dictionary("entitlements", fileKey: "entitlementsFile"))
        let allowsTracking = try reader.bool("userAllowsCrossWebsiteTracking") ?? false
        let managedAccount = try reader.string("managedAccount")
        let tenantPolicy = try parseTenantPolicy(reader.value("tenantPolicy"))
        let sites = try parseSites(reader.value("sites"))
        let framework = try parseFramework(reader.value("framework"))
        try reader.finish(expected: [
            "infoPlist", "infoPlistFile", "entitlements", "entitlementsFile", "userAllowsCrossWebsiteTracking",
            "managedAccount", "tenantPolicy", "sites", "framework",
        ])
        // A scenario is exact: a value the platform would misread is an error, not a finding.
        if let problem = declarations.problems.first {
            let file = problem.file == .infoPlist ? "/app/infoPlist" : "/app/entitlements"
            throw ScenarioError(file + problem.pointer, "a scenario's app must be exact: \(problem)")
        }
        return AppSpec(
            declarations: declarations, userAllowsCrossWebsiteTracking: allowsTracking,
            managedAccount: managedAccount, tenantPolicy: tenantPolicy, sites: sites, framework: framework)
    }

    /// `app.tenantPolicy`, checked key by key. Absent or null: the defaults of `TenantPolicy`.
    private static func parseTenantPolicy(_ value: JSONValue?) throws(ScenarioError) -> TenantPolicy {
        var policy = TenantPolicy()
        guard let value, value != .null else { return policy }
        var reader = try JSONObjectReader<ScenarioError>(value, at: "/app/tenantPolicy")
        if let clipboard = try reader.string("clipboard") {
            guard let setting = TenantPolicy.Clipboard(rawValue: clipboard) else {
                throw ScenarioError(
                    reader.path("clipboard"),
                    "expected blocked, policyManagedApps, policyManagedAppsWithPasteIn or anyApp, found \"\(clipboard)\""
                )
            }
            policy.clipboard = setting
        }
        if let browser = try reader.string("managedBrowser") {
            guard let setting = TenantPolicy.ManagedBrowser(setting: browser) else {
                throw ScenarioError(
                    reader.path("managedBrowser"),
                    "expected edge, unmanaged:<protocol>, any or null, found \"\(browser)\"")
            }
            policy.managedBrowser = setting
        }
        policy.managedBrowserInstalled = try reader.bool("managedBrowserInstalled") ?? true
        if let limit = try reader.int("characterLimit") {
            guard limit >= 0 else { throw ScenarioError(reader.path("characterLimit"), "must be a count from 0 up") }
            policy.characterLimit = limit
        }
        try reader.finish(expected: ["clipboard", "managedBrowser", "managedBrowserInstalled", "characterLimit"])
        return policy
    }

    /// `app.sites`: `{"example.com": {"aasa": {...}}}`: the association file each site serves (an
    /// object, its text, or null for none), read as a device reads it. What is in the file is the
    /// matcher's business: a file a device cannot use is a decision ("denied"), not an error.
    private static func parseSites(_ value: JSONValue?) throws(ScenarioError) -> [SiteSpec] {
        guard let value, value != .null else { return [] }
        let reader = try JSONObjectReader<ScenarioError>(value, at: "/app/sites")
        var sites: [SiteSpec] = []
        for key in reader.keys {
            guard let domain = LinkDomain(key) else {
                throw ScenarioError(
                    reader.path(key), "\"\(key)\" is not a domain (a site is a host, with a port if it has one)")
            }
            var site = try JSONObjectReader<ScenarioError>(
                reader.valueWithoutMarking(key) ?? .null, at: reader.path(key))
            let file: Result<(file: AssociationFile, findings: [Finding]), AssociationFile.ReadError>
            switch site.value("aasa") {
            case nil, .null?:
                try site.finish(expected: ["aasa"])
                continue
            case .string(let text)?: file = AssociationFile.read(Array(text.utf8))
            case .object(let members)?: file = AssociationFile.read(value: .object(members))
            case let other?:
                throw ScenarioError(
                    site.path("aasa"),
                    "expected the association file as an object, its JSON text, or null; found \(other.typeName)")
            }
            try site.finish(expected: ["aasa"])
            sites.append(SiteSpec(domain: domain, file: file.map(\.file)))
        }
        return sites
    }

    private static func parseViewer(_ value: JSONValue, at pointer: String) throws(ScenarioError) -> ViewerSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let viewer = ViewerSpec(id: try reader.requiredString("id"), parent: try reader.string("parent"))
        try reader.finish(expected: ["id", "parent"])
        return viewer
    }

    private static func parseDataStore(_ value: JSONValue, at pointer: String) throws(ScenarioError) -> DataStoreSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let id = try reader.requiredString("id")
        let cookies = try (reader.array("cookies") ?? []).enumerated().map { index, cookie throws(ScenarioError) in
            try parseCookie(cookie, at: "\(pointer)/cookies/\(index)")
        }
        try reader.finish(expected: ["id", "cookies"])
        return DataStoreSpec(id: id, cookies: cookies)
    }

    static func parseCookie(_ value: JSONValue, at pointer: String) throws(ScenarioError) -> CookieSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let cookie = CookieSpec(
            domain: try reader.requiredString("domain"), name: try reader.requiredString("name"),
            value: try reader.string("value") ?? "")
        try reader.finish(expected: ["domain", "name", "value"])
        return cookie
    }

    static func parseWebView(
        _ value: JSONValue, at pointer: String, limitsDefault: Bool = false,
        loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?
    ) throws(ScenarioError) -> WebViewSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let id = try reader.requiredString("id")
        let parent = try reader.string("parent")
        let limits = try reader.bool("limitsNavigationsToAppBoundDomains") ?? limitsDefault
        let styleSheets = try reader.int("userStyleSheets") ?? 0
        guard (0...1000).contains(styleSheets) else {
            throw ScenarioError(reader.path("userStyleSheets"), "must be a count from 0 to 1000")
        }
        let scripts = try (reader.array("userScripts") ?? []).enumerated().map { index, script throws(ScenarioError) in
            try parseUserScript(script, at: "\(pointer)/userScripts/\(index)")
        }
        let rules = try parseNavigationRules(
            reader.value("navigationRules"), at: reader.path("navigationRules"), loadFile: loadFile)
        let dataStore = try reader.string("dataStore") ?? "shared"
        try reader.finish(expected: [
            "id", "parent", "limitsNavigationsToAppBoundDomains", "userStyleSheets", "userScripts", "navigationRules",
            "dataStore",
        ])
        return WebViewSpec(
            id: id, parent: parent, limitsNavigationsToAppBoundDomains: limits, userStyleSheets: styleSheets,
            userScripts: scripts, dataStore: dataStore, navigationRules: rules)
    }

    /// `navigationRules`: a rule set inline, or the path of a rule set file. A rule set with a
    /// refused rule is an unusable scenario (exit 2), as it would be an app that cannot start.
    private static func parseNavigationRules(
        _ value: JSONValue?, at pointer: String, loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?
    ) throws(ScenarioError) -> NavigationRuleSet? {
        let root: JSONValue
        switch value {
        case nil, .null?: return nil
        case .object?: root = value ?? .null
        case .string(let path)?:
            guard let loadFile else {
                throw ScenarioError(pointer, "rule set files can only be read when the scenario is a file")
            }
            do { root = .object(try loadFile(path)) } catch { throw ScenarioError(pointer, error.message) }
        case let other?:
            throw ScenarioError(pointer, "expected a rule set object or a file path, found \(other.typeName)")
        }
        do { return try NavigationRuleSet(root) } catch {
            let first = error.errors.first
            throw ScenarioError(
                pointer + (first?.pointer ?? ""), "\(first?.message ?? "refused") [\(first?.code ?? "rules")]")
        }
    }

    static func parseUserScript(_ value: JSONValue, at pointer: String) throws(ScenarioError) -> UserScriptSpec {
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let mainOnly = try reader.bool("forMainFrameOnly") ?? false
        let timeText = try reader.string("injectionTime") ?? "atDocumentEnd"
        guard let time = UserScriptSpec.InjectionTime(rawValue: timeText) else {
            throw ScenarioError(
                reader.path("injectionTime"), "expected atDocumentStart or atDocumentEnd, found \"\(timeText)\"")
        }
        try reader.finish(expected: ["forMainFrameOnly", "injectionTime"])
        return UserScriptSpec(forMainFrameOnly: mainOnly, injectionTime: time)
    }

    // MARK: - Steps

    private static func parseStep(
        _ value: JSONValue, index: Int, loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?
    ) throws(ScenarioError) -> Step {
        let pointer = "/steps/\(index)"
        var reader = try JSONObjectReader<ScenarioError>(value, at: pointer)
        let webView = try reader.string("webView")
        let frame = try reader.string("frame") ?? "main"
        let note = try reader.string("note")
        let expectValue = reader.value("expect")
        let actionKeys = reader.keys.filter { Action.Kind(name: $0) != nil }
        guard actionKeys.count == 1, let key = actionKeys.first, let kind = Action.Kind(name: key) else {
            let unknown = reader.keys.filter {
                !["webView", "frame", "note", "expect", "redirects", "delegate", "navigationType"].contains($0)
            }
            if actionKeys.isEmpty, let first = unknown.first {
                throw ScenarioError(
                    reader.path(first),
                    "unknown action \"\(first)\" (actions: \(Action.Kind.allCases.map(\.name).joined(separator: ", ")))"
                )
            }
            throw ScenarioError(
                pointer,
                actionKeys.isEmpty ? "no action" : "more than one action: \(actionKeys.joined(separator: ", "))")
        }
        var actionReader = ActionReader(key: key, step: reader, loadFile: loadFile)
        let action = try kind.read(&actionReader)
        reader = actionReader.step
        let target = kind.type.target
        let outcomeFields = kind.type.outcomeFields
        if target != .app, webView == nil {
            throw ScenarioError(reader.path("webView"), "\(key) needs a webView")
        }
        if target == .app, webView != nil {
            throw ScenarioError(reader.path("webView"), "\(key) is app-wide and takes no webView")
        }
        if frame != "main", target != .frame {
            throw ScenarioError(
                reader.path("frame"),
                "\(key) does not take a frame (only \(Action.Kind.takingFrame) do)")
        }
        var expect: [JSONValue.Member]? = nil
        switch expectValue {
        case nil, .null?: break
        case .object(let members)?:
            for member in members where !outcomeFields.contains(member.key) {
                let fields = outcomeFields.isEmpty ? "none" : outcomeFields.joined(separator: ", ")
                throw ScenarioError(
                    "\(pointer)/expect/\(member.key)",
                    "\(key) has no outcome field \"\(member.key)\" (its fields: \(fields))")
            }
            expect = members
        case let other?:
            throw ScenarioError(reader.path("expect"), "expected an object, found \(other.typeName)")
        }
        let siblings: [String] =
            switch kind {
            case .load: ["redirects", "delegate", "navigationType"]
            case .navigateFrame: ["redirects", "navigationType"]
            default: []
            }
        let keys = ["webView", "frame", "note", "expect", key] + siblings
        try reader.finish(expected: keys)
        return Step(index: index, webView: webView, frame: frame, action: action, expect: expect, note: note)
    }

    // MARK: - References

    /// Every web view, viewer and data store a scenario names must be declared, once.
    private func checkReferences() throws(ScenarioError) {
        var viewerIDs: Set<String> = []
        for (index, viewer) in viewers.enumerated() {
            guard viewerIDs.insert(viewer.id).inserted else {
                throw ScenarioError("/viewers/\(index)/id", "viewer \"\(viewer.id)\" is declared twice")
            }
        }
        for (index, viewer) in viewers.enumerated() {
            if let parent = viewer.parent, !viewerIDs.contains(parent) {
                throw ScenarioError("/viewers/\(index)/parent", "unknown viewer \"\(parent)\"")
            }
        }
        var webViewIDs: Set<String> = []
        for (index, webView) in webViews.enumerated() {
            guard webViewIDs.insert(webView.id).inserted else {
                throw ScenarioError("/webViews/\(index)/id", "web view \"\(webView.id)\" is declared twice")
            }
            if let parent = webView.parent, !viewerIDs.contains(parent) {
                throw ScenarioError("/webViews/\(index)/parent", "unknown viewer \"\(parent)\"")
            }
        }
        let storeIDs = Set(dataStores.map(\.id))
        for (index, webView) in webViews.enumerated()
        where webView.dataStore != "shared" && !storeIDs.contains(webView.dataStore) {
            throw ScenarioError("/webViews/\(index)/dataStore", "unknown data store \"\(webView.dataStore)\"")
        }
        // Web views opened by steps become known from that step on.
        var known = KnownReferences(webViews: webViewIDs, viewers: viewerIDs, dataStores: storeIDs)
        for step in steps {
            if let id = step.webView, !known.webViews.contains(id) {
                throw ScenarioError("/steps/\(step.index)/webView", "unknown web view \"\(id)\"")
            }
            try step.action.definition.checkReferences(&known, at: "/steps/\(step.index)/\(step.action.name)")
        }
    }
}

import AssociatedDomains
import ManagedWebViews
import NavigationRules
import WebAddress
import WebFenceNavigation

extension Scenario {
    /// Reads the value of a step's action key into an `Action`: one small function per action, and
    /// a switch over every kind with no `default:`.
    struct ActionReader {
        let kind: Action.Kind
        /// The step's object; the action's key (and `load`'s `redirects` and `delegate`) is read from it.
        var step: JSONObjectReader
        let loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?

        var key: String { kind.rawValue }
        var at: String { step.path(key) }

        mutating func read() throws(ScenarioError) -> Action {
            switch kind {
            case .load: return try load()
            case .loadHTMLString: return try loadHTMLString()
            case .loadData: return try loadData()
            case .addFrame: return try addFrame()
            case .navigateFrame: return .navigateFrame(try url(try step.requiredString(key), at: at))
            case .openWindow: return try openWindow()
            case .setConfiguration: return try setConfiguration()
            case .evaluateJavaScript: return try empty(.evaluateJavaScript)
            case .addUserScript: return .addUserScript(try Scenario.parseUserScript(try value(), at: at))
            case .addUserStyleSheet: return try addUserStyleSheet()
            case .userScriptFrames: return try empty(.userScriptFrames)
            case .styleSheetApplied: return try empty(.styleSheetApplied)
            case .postMessage: return try postMessage()
            case .setCookie: return .setCookie(try Scenario.parseCookie(try value(), at: at))
            case .getAllCookies: return try empty(.getAllCookies)
            case .getCookies: return try urlObject("url") { .getCookies(url: $0) }
            case .deleteCookie: return try deleteCookie()
            case .registerServiceWorker: return try urlObject("scope") { .registerServiceWorker(scope: $0) }
            case .state: return try empty(.state)
            case .itp: return try empty(.itp)
            case .appBoundDomains: return try empty(.appBoundDomains)
            case .openUniversalLink: return try openUniversalLink()
            case .setWebViewPolicy: return try setWebViewPolicy()
            case .setPolicyDelegate: return try setPolicyDelegate()
            case .copy: return try empty(.copy)
            case .paste: return try paste()
            case .upload: return try empty(.upload)
            case .addWebView: return .addWebView(try Scenario.parseWebView(try value(), at: at, loadFile: loadFile))
            }
        }

        // MARK: - Values

        private mutating func value() throws(ScenarioError) -> JSONValue {
            guard let value = step.value(key) else { throw ScenarioError(at, "missing") }
            return value
        }

        private mutating func object() throws(ScenarioError) -> JSONObjectReader {
            try JSONObjectReader(try value(), at: at)
        }

        /// An action whose value is `{}`.
        private mutating func empty(_ action: Action) throws(ScenarioError) -> Action {
            try object().finish(expected: [])
            return action
        }

        /// An action whose value is `{"<field>": "<URL>"}`.
        private mutating func urlObject(_ field: String, _ make: (WebURL) -> Action) throws(ScenarioError) -> Action {
            var object = try object()
            let target = try url(try object.requiredString(field), at: object.path(field))
            try object.finish(expected: [field])
            return make(target)
        }

        private func url(_ text: String, at pointer: String) throws(ScenarioError) -> WebURL {
            switch WebURL.parse(text) {
            case .success(let parsed): return parsed
            case .failure(let error): throw ScenarioError(pointer, "\"\(text)\" is not a URL: \(error.code): \(error)")
            }
        }

        private func optionalURL(_ value: JSONValue?, at pointer: String) throws(ScenarioError) -> WebURL? {
            switch value {
            case nil, .null?: return nil
            case .string(let text)?: return try url(text, at: pointer)
            case let other?: throw ScenarioError(pointer, "expected a URL string or null, found \(other.typeName)")
            }
        }

        /// An array of strings, each read by `read` at its own pointer.
        private func strings<Item>(
            _ values: [JSONValue]?, at pointer: String, expected: String,
            _ read: (String, String) throws(ScenarioError) -> Item
        ) throws(ScenarioError) -> [Item] {
            var items: [Item] = []
            for (index, value) in (values ?? []).enumerated() {
                guard case .string(let text) = value else { throw ScenarioError(pointer + "/\(index)", expected) }
                items.append(try read(text, pointer + "/\(index)"))
            }
            return items
        }

        // MARK: - Navigations

        private mutating func load() throws(ScenarioError) -> Action {
            let target = try url(try step.requiredString(key), at: at)
            let redirects = try strings(
                step.array("redirects"), at: step.path("redirects"), expected: "expected a URL string"
            ) {
                text, pointer throws(ScenarioError) in try url(text, at: pointer)
            }
            let delegateText = try step.string("delegate") ?? "allow"
            guard let delegate = DelegateAnswer(rawValue: delegateText) else {
                throw ScenarioError(
                    step.path("delegate"), "expected allow, cancel or download, found \"\(delegateText)\"")
            }
            return .load(target, redirects: redirects, delegate: delegate)
        }

        private mutating func loadHTMLString() throws(ScenarioError) -> Action {
            var object = try object()
            let base = try optionalURL(object.value("baseURL"), at: object.path("baseURL"))
            try object.finish(expected: ["baseURL"])
            return .loadHTMLString(baseURL: base)
        }

        private mutating func loadData() throws(ScenarioError) -> Action {
            var object = try object()
            let mimeType = try object.requiredString("mimeType")
            let base = try optionalURL(object.value("baseURL"), at: object.path("baseURL"))
            try object.finish(expected: ["mimeType", "baseURL"])
            return .loadData(mimeType: mimeType, baseURL: base)
        }

        private mutating func addFrame() throws(ScenarioError) -> Action {
            var object = try object()
            let id = try object.requiredString("id")
            let parent = try object.string("parent") ?? "main"
            let target = try url(try object.requiredString("url"), at: object.path("url"))
            try object.finish(expected: ["id", "parent", "url"])
            return .addFrame(id: id, parent: parent, url: target)
        }

        private mutating func openWindow() throws(ScenarioError) -> Action {
            var object = try object()
            let id = try object.requiredString("id")
            let target = try url(try object.requiredString("url"), at: object.path("url"))
            try object.finish(expected: ["id", "url"])
            return .openWindow(id: id, url: target)
        }

        private mutating func setConfiguration() throws(ScenarioError) -> Action {
            var object = try object()
            guard let limits = try object.bool("limitsNavigationsToAppBoundDomains") else {
                throw ScenarioError(object.path("limitsNavigationsToAppBoundDomains"), "missing (true or false)")
            }
            try object.finish(expected: ["limitsNavigationsToAppBoundDomains"])
            return .setConfiguration(limitsNavigationsToAppBoundDomains: limits)
        }

        // MARK: - Restricted APIs and cookies

        private mutating func addUserStyleSheet() throws(ScenarioError) -> Action {
            var object = try object()
            let mainOnly = try object.bool("forMainFrameOnly") ?? false
            try object.finish(expected: ["forMainFrameOnly"])
            return .addUserStyleSheet(forMainFrameOnly: mainOnly)
        }

        private mutating func postMessage() throws(ScenarioError) -> Action {
            var object = try object()
            let handler = try object.requiredString("handler")
            try object.finish(expected: ["handler"])
            return .postMessage(handler: handler)
        }

        private mutating func deleteCookie() throws(ScenarioError) -> Action {
            var object = try object()
            let domain = try object.requiredString("domain")
            let name = try object.requiredString("name")
            try object.finish(expected: ["domain", "name"])
            return .deleteCookie(domain: domain, name: name)
        }

        // MARK: - The app, and managed web views

        private mutating func openUniversalLink() throws(ScenarioError) -> Action {
            var object = try object()
            let link = try url(try object.requiredString("url"), at: object.path("url"))
            let fromText = try object.string("from") ?? "otherApp"
            guard let from = AppAssociations.LinkSource(rawValue: fromText) else {
                let sources = AppAssociations.LinkSource.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScenarioError(object.path("from"), "expected \(sources), found \"\(fromText)\"")
            }
            try object.finish(expected: ["url", "from"])
            return .openUniversalLink(link, from: from)
        }

        private mutating func setWebViewPolicy() throws(ScenarioError) -> Action {
            var object = try object()
            let viewer = try object.requiredString("viewer")
            let name = try object.requiredString("policy")
            guard let policy = WebViewPolicy(name: name) else {
                let names = WebViewPolicy.allCases.map(\.name).joined(separator: ", ")
                throw ScenarioError(object.path("policy"), "expected \(names), found \"\(name)\"")
            }
            try object.finish(expected: ["viewer", "policy"])
            return .setWebViewPolicy(viewer: viewer, policy: policy)
        }

        private mutating func setPolicyDelegate() throws(ScenarioError) -> Action {
            var object = try object()
            let urls = try strings(
                object.array("internalURLs"), at: object.path("internalURLs"), expected: "expected a URL string"
            ) { text, pointer throws(ScenarioError) in try url(text, at: pointer) }
            let hosts = try strings(
                object.array("internalHosts"), at: object.path("internalHosts"), expected: "expected a host rule string"
            ) { text, pointer throws(ScenarioError) in
                switch HostPattern.parse(text) {
                case .success(let pattern): return pattern
                case .failure(let refusal): throw ScenarioError(pointer, "\(refusal.message) [\(refusal.code)]")
                }
            }
            try object.finish(expected: ["internalURLs", "internalHosts"])
            return .setPolicyDelegate(internalURLs: urls, internalHosts: hosts)
        }

        private mutating func paste() throws(ScenarioError) -> Action {
            var object = try object()
            let from = try object.requiredString("from")
            let characters = try object.int("characters")
            if let characters, characters < 0 {
                throw ScenarioError(object.path("characters"), "must be a count from 0 up")
            }
            try object.finish(expected: ["from", "characters"])
            let source: Action.PasteSource = DataIdentity(rawValue: from).map { .identity($0) } ?? .webView(from)
            return .paste(from: source, characters: characters)
        }
    }
}

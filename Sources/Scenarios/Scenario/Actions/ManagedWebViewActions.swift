// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import ManagedWebViews
import NavigationRules
import WebAddress

/// Managed web views: the policy delegate, the clipboard between identities, uploads (§3, §4).
extension Scenario.Action {
    /// `setWebViewPolicyDelegate:forWebViewer:`: URLs matching neither list are external.
    public struct SetPolicyDelegate: StepAction {
        public static let name = "setPolicyDelegate"
        public static let target = StepTarget.webView
        public static let outcomeFields: [String] = []
        /// URLs the delegate calls internal, compared without their fragment.
        public let internalURLs: [WebURL]
        /// Internal hosts, in the navigation rules' host syntax.
        public let internalHosts: [HostPattern]

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            internalURLs = try reader.urls(object.array("internalURLs"), at: object.path("internalURLs"))
            internalHosts = try reader.strings(
                object.array("internalHosts"), at: object.path("internalHosts"), expected: "expected a host rule string"
            ) { text, pointer throws(ScenarioError) in
                switch HostPattern.parse(text) {
                case .success(let pattern): return pattern
                case .failure(let refusal): throw ScenarioError(pointer, "\(refusal.message) [\(refusal.code)]")
                }
            }
            try object.finish(expected: ["internalURLs", "internalHosts"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let id = try simulator.webView(step).id
            simulator.webViews[id]?.policyDelegate = PolicyDelegate(
                internalURLs: internalURLs, internalHosts: internalHosts)
            return .changed(.policyDelegateSet(webView: id))
        }

        public var summary: String {
            let internalOnes = internalURLs.map(\.href) + internalHosts.map(\.description)
            return
                "setPolicyDelegate (internal: \(internalOnes.isEmpty ? "nothing" : internalOnes.joined(separator: ", ")))"
        }
    }

    /// `copy` from a web view: the data is tagged with its identity.
    public struct Copy: StepAction {
        public static let name = "copy"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["identity", "rule"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .copy(simulator.app.managed.copy(from: try simulator.webView(step).id, in: simulator.viewers))
        }
    }

    /// `paste` of data of an identity, or of what `copy` tagged in another web view, `characters`
    /// long when known.
    public struct Paste: StepAction {
        public static let name = "paste"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["allowed", "reason", "rule"]
        /// Where the pasted data comes from.
        public let source: Source
        /// The data's length in characters, when known.
        public let characters: Int?

        /// Where pasted data comes from.
        public enum Source: Sendable, Hashable {
            case identity(DataIdentity)
            case webView(String)
        }

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            let from = try object.requiredString("from")
            characters = try object.int("characters")
            if let characters, characters < 0 {
                throw ScenarioError(object.path("characters"), "must be a count from 0 up")
            }
            try object.finish(expected: ["from", "characters"])
            source = DataIdentity(rawValue: from).map { .identity($0) } ?? .webView(from)
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            let data: DataIdentity
            switch source {
            case .identity(let identity): data = identity
            case .webView(let id):
                guard simulator.webViews[id] != nil else {
                    throw ScenarioError("/steps/\(step.index)/paste/from", "unknown web view \"\(id)\"")
                }
                data = simulator.app.managed.copy(from: id, in: simulator.viewers).identity
            }
            return .paste(
                simulator.app.managed.paste(data, characters: characters, into: webView.id, in: simulator.viewers))
        }

        public var summary: String {
            let from: String
            switch source {
            case .identity(let identity): from = identity.rawValue + " data"
            case .webView(let id): from = "data copied from " + id
            }
            return "paste \(from)" + (characters.map { " (\($0) characters)" } ?? "")
        }

        /// Data copied from a web view names a known one.
        public func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String)
            throws(ScenarioError)
        {
            if case .webView(let id) = source, !known.webViews.contains(id) {
                throw ScenarioError(
                    pointer + "/from", "expected managed, unmanaged or a web view id, found \"\(id)\"")
            }
        }
    }

    /// `upload` of a file from a web view.
    public struct Upload: StepAction {
        public static let name = "upload"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["allowed", "rule"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .upload(simulator.app.managed.upload(from: try simulator.webView(step).id, in: simulator.viewers))
        }
    }
}

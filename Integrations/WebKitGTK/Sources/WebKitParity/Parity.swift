import Foundation
import LoopbackSites
import Scenarios
import StrictJSON
import WebFenceGTK

/// The parity report: for every scenario, the simulator's outcome next to the real engine's,
/// step by step, on the fields the engine's outcome has.
public struct ParityReport: Sendable {
    public struct Step: Sendable {
        public let index: Int
        public let action: String
        /// Field by field where the two differ: (field, simulator, engine).
        public internal(set) var differences: [(field: String, simulator: JSONValue, engine: JSONValue)]
        /// The fields compared; empty when the step changes state without an outcome.
        public let compared: [String]
        /// Why the engine could not run the step, when it could not.
        public let notExpressible: String?
    }

    public struct ScenarioParity: Sendable {
        public let name: String
        public let file: String
        public let steps: [Step]
    }

    public var scenarios: [ScenarioParity] = []
    public var requests: [String] = []

    /// Steps run in the engine whose outcome was compared.
    public var comparedSteps: Int { scenarios.reduce(0) { $0 + $1.steps.filter { !$0.compared.isEmpty }.count } }
    /// Steps run in the engine that have no outcome (they change a configuration): nothing to compare.
    public var runWithoutOutcomeSteps: Int {
        scenarios.reduce(0) { $0 + $1.steps.filter { $0.notExpressible == nil && $0.compared.isEmpty }.count }
    }
    public var differingSteps: Int { scenarios.reduce(0) { $0 + $1.steps.filter { !$0.differences.isEmpty }.count } }
    public var notExpressibleSteps: Int {
        scenarios.reduce(0) { $0 + $1.steps.filter { $0.notExpressible != nil }.count }
    }
}

/// Replays scenario files in real web views behind the loopback sites.
@MainActor
public enum ParityRunner {
    public static func run(files: [String], log: (String) -> Void) throws -> ParityReport {
        let loaded = try files.map { file in (file, try Scenario.load(contentsOf: URL(fileURLWithPath: file))) }
        let hosts = hosts(in: loaded.map(\.1))
        let ca = try RunTimeCA(hosts: hosts)
        let sites = SiteTable(page: Pages.page(for:))
        let proxy = try LoopbackProxy(sites: sites, ca: ca)
        defer { proxy.stop() }
        var report = ParityReport()
        for (file, scenario) in loaded {
            log("\(scenario.name)")
            let simulated = try scenario.run()
            let replay = try EngineReplay(scenario: scenario, sites: sites) { session in
                session.useProxy(proxy.uri)
                _ = session.allowCertificate(ca.leafPEM, for: hosts)
            }
            var steps: [ParityReport.Step] = []
            for (step, simulatedStep) in zip(scenario.steps, simulated.steps) {
                switch replay.perform(step) {
                case .notExpressible(let reason):
                    steps.append(
                        .init(
                            index: step.index, action: step.action.name, differences: [], compared: [],
                            notExpressible: reason))
                case .observed(let fields):
                    let compared = fields.keys.sorted()
                    let differences = compared.compactMap { key -> (String, JSONValue, JSONValue)? in
                        let simulator = simulatedStep.outcome.field(key) ?? .null
                        let engine = fields[key] ?? .null
                        return simulator == engine ? nil : (key, simulator, engine)
                    }
                    steps.append(
                        .init(
                            index: step.index, action: step.action.name, differences: differences, compared: compared,
                            notExpressible: nil))
                }
            }
            // A frame judged refused because nothing came within its wait must not be asked for later.
            for (index, url) in replay.refusedFramesRequestedLate() {
                guard let at = steps.firstIndex(where: { $0.index == index }) else { continue }
                steps[at].differences.append(("request", .null, .string("\(url) requested after the step's wait")))
            }
            report.scenarios.append(.init(name: scenario.name, file: file, steps: steps))
        }
        report.requests = sites.requests
        return report
    }

    /// Every host of an http(s) URL the scenarios' steps name: the certificate covers them all.
    /// Other schemes never reach the proxy, and their hosts (`file:`'s empty one) are no names
    /// for a certificate.
    static func hosts(in scenarios: [Scenario]) -> [String] {
        let urls = scenarios.flatMap { $0.steps.flatMap(\.action.urls) }.filter {
            ["http", "https"].contains($0.scheme)
        }
        return Set(urls.compactMap { $0.host?.description }.filter { !$0.isEmpty }).sorted()
    }
}

import Foundation
import LoopbackSites
import WebFence
import WebFenceGTK

/// The parity report: for every scenario, the simulator's outcome next to the real engine's,
/// step by step, on the fields the engine's outcome has.
public struct ParityReport: Sendable {
    public struct Step: Sendable {
        public let index: Int
        public let action: String
        /// Field by field where the two differ: (field, simulator, engine).
        public let differences: [(field: String, simulator: JSONValue, engine: JSONValue)]
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

    public var comparedSteps: Int { scenarios.reduce(0) { $0 + $1.steps.filter { $0.notExpressible == nil }.count } }
    public var differingSteps: Int { scenarios.reduce(0) { $0 + $1.steps.filter { !$0.differences.isEmpty }.count } }
    public var notExpressibleSteps: Int { scenarios.reduce(0) { $0 + $1.steps.filter { $0.notExpressible != nil }.count } }
}

/// Replays scenario files in real web views behind the loopback sites.
@MainActor
public enum ParityRunner {
    public static func run(files: [String], log: (String) -> Void) throws -> ParityReport {
        let loaded = try files.map { file in (file, try Scenario.load(contentsOf: URL(fileURLWithPath: file))) }
        let hosts = try hostsNamed(in: files)
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
                    steps.append(.init(index: step.index, action: step.action.name, differences: [], compared: [], notExpressible: reason))
                case .observed(let fields):
                    let compared = fields.keys.sorted()
                    let differences = compared.compactMap { key -> (String, JSONValue, JSONValue)? in
                        let simulator = simulatedStep.outcome[key] ?? .null
                        let engine = fields[key] ?? .null
                        return simulator == engine ? nil : (key, simulator, engine)
                    }
                    steps.append(.init(index: step.index, action: step.action.name, differences: differences, compared: compared, notExpressible: nil))
                }
            }
            report.scenarios.append(.init(name: scenario.name, file: file, steps: steps))
        }
        report.requests = sites.requests
        return report
    }

    /// Every host a scenario file names in an http(s) URL: the certificate covers them all.
    static func hostsNamed(in files: [String]) throws -> [String] {
        var hosts: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for piece in text.components(separatedBy: "://").dropFirst() {
                let host = piece.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
                if host.contains("."), let url = try? WebURL("https://\(host)/"), let name = url.host?.description {
                    hosts.insert(name)
                }
            }
        }
        return hosts.sorted()
    }
}

import AppBound

/// The replay of a scenario: each step's outcome and how it compares with the expectation.
public struct ScenarioResult: Sendable {
    public let name: String
    public let description: String?
    /// How the app's Info.plist list was read, for the story.
    public let appSummary: [String]
    public let steps: [StepResult]

    public var passed: Bool { steps.allSatisfy(\.mismatches.isEmpty) }

    public struct StepResult: Sendable {
        public let step: Scenario.Step
        public let outcome: StepOutcome
        public let mismatches: [Mismatch]
    }

    /// An expected outcome field that came out differently.
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        public let field: String
        public let expected: JSONValue
        public let actual: JSONValue

        public var description: String {
            "\(field): expected \(expected.serialized()), got \(actual.serialized())"
        }
    }
}

extension Scenario {
    /// Replays every step in order. A step that refers to something that does not exist at that
    /// point (a frame not added yet) throws; an outcome that differs from `expect` is a mismatch.
    public func run(options: SimulationOptions = .init()) throws(ScenarioError) -> ScenarioResult {
        var simulator = try Simulator(scenario: self, options: options)
        var results: [ScenarioResult.StepResult] = []
        for step in steps {
            let outcome = try simulator.perform(step)
            let mismatches = (step.expect ?? []).compactMap { expected -> ScenarioResult.Mismatch? in
                let actual = outcome.field(expected.key) ?? .null
                return actual == expected.value
                    ? nil : ScenarioResult.Mismatch(field: expected.key, expected: expected.value, actual: actual)
            }
            results.append(ScenarioResult.StepResult(step: step, outcome: outcome, mismatches: mismatches))
        }
        return ScenarioResult(
            name: name, description: description, appSummary: simulator.app.summary, steps: results)
    }
}

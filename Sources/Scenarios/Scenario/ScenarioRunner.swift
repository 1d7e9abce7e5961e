import AppBound
import StrictJSON

/// The replay of a scenario: each step's outcome and how it compares with the expectation.
public struct ScenarioResult: Sendable {
    /// The scenario's name.
    public let name: String
    /// What the scenario shows, for people.
    public let description: String?
    /// How the app's Info.plist list was read, for the story.
    public let appSummary: [String]
    /// Each step's outcome, in order.
    public let steps: [StepResult]

    /// Whether every expectation held.
    public var passed: Bool { steps.allSatisfy(\.mismatches.isEmpty) }

    /// One step, what it produced, and how that differs from its `expect`.
    public struct StepResult: Sendable {
        /// The step.
        public let step: Scenario.Step
        /// What it produced.
        public let outcome: StepOutcome
        /// The expected fields that came out differently; empty when the step passed.
        public let mismatches: [Mismatch]
    }

    /// An expected outcome field that came out differently.
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        /// The outcome field.
        public let field: String
        /// The value `expect` gives.
        public let expected: JSONValue
        /// The value the step produced (null when the outcome has no such field).
        public let actual: JSONValue

        /// `field: expected X, got Y`.
        public var description: String {
            "\(field): expected \(expected.serialized()), got \(actual.serialized())"
        }
    }
}

extension Scenario {
    /// Replays every step in order. A step that refers to something that does not exist at that
    /// point (a frame not added yet) throws; an outcome that differs from `expect` is a mismatch.
    public func run(options: SimulationOptions = .init()) throws(ScenarioError) -> ScenarioResult {
        var simulator = Simulator(scenario: self, options: options)
        var results: [ScenarioResult.StepResult] = []
        for step in steps {
            let outcome = try simulator.perform(step)
            // The fields are rendered once per step, not once per expected field.
            let fields = outcome.fields
            let mismatches = (step.expect ?? []).compactMap { expected -> ScenarioResult.Mismatch? in
                let actual = fields.first { $0.key == expected.key }?.value ?? .null
                return actual == expected.value
                    ? nil : ScenarioResult.Mismatch(field: expected.key, expected: expected.value, actual: actual)
            }
            results.append(ScenarioResult.StepResult(step: step, outcome: outcome, mismatches: mismatches))
        }
        return ScenarioResult(
            name: name, description: description, appSummary: simulator.app.summary, steps: results)
    }
}

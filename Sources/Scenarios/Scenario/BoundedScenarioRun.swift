/// A scenario sent as text to a service that runs it for someone else (`webfence serve`'s page and
/// `POST /v1/simulate`): parsed with no file access (a scenario that names plist files is refused:
/// no request names a path on the server), refused past a number of steps, then run.
public enum BoundedScenarioRun {
    /// Why a scenario is not run.
    public enum Refusal: Error, Sendable {
        /// It does not load (or names plist files).
        case invalid(ScenarioError)
        /// It has `count` steps, more than the `maximum`.
        case tooManySteps(count: Int, maximum: Int)

        /// The place and the reason, as `ScenarioError` gives them.
        public var error: ScenarioError {
            switch self {
            case .invalid(let error): error
            case .tooManySteps(let count, let maximum):
                ScenarioError("/steps", "\(count) steps: at most \(maximum) on this server (use webfence simulate)")
            }
        }
    }

    /// The scenario of `text` run, or why it is not.
    public static func run(_ text: String, maximumSteps: Int) -> Result<ScenarioResult, Refusal> {
        do throws(ScenarioError) {
            let scenario = try Scenario.parse(text)
            guard scenario.steps.count <= maximumSteps else {
                return .failure(.tooManySteps(count: scenario.steps.count, maximum: maximumSteps))
            }
            return .success(try scenario.run())
        } catch {
            return .failure(.invalid(error))
        }
    }
}

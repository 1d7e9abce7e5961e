/// One action of the scenario format (spec/interfaces.md §1), declared in one place: its key in a
/// step, what the step names, the outcome fields it reports, how its value is read, how it runs in
/// the simulator, and how a person says it. `Scenario.Action` lists every one; see
/// docs/architecture.md for adding one.
public protocol StepAction: Sendable {
    /// The action's key in a step.
    static var name: String { get }
    /// What a step with this action names.
    static var target: StepTarget { get }
    /// The outcome fields the action reports, which `expect` may name, in the order reported.
    static var outcomeFields: [String] { get }
    /// Reads the action's value (and any other key of the step that belongs to it).
    init(_ reader: inout ActionReader) throws(ScenarioError)
    /// Runs the step in the simulator. A reference that does not resolve throws.
    func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome
    /// The action as a person would say it, for the story.
    var summary: String { get }
    /// Checks the web views, viewers and data stores the action names (beyond the step's own web
    /// view) against those declared so far, and records any it creates. `pointer` is the action's
    /// value, `/steps/N/<key>`.
    func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String) throws(ScenarioError)
}

extension StepAction {
    /// Most actions name nothing beyond the step's own web view.
    public func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String) throws(ScenarioError) {}

    /// The action's key: what an action with nothing more to say is called.
    public var summary: String { Self.name }
}

/// What a step names.
public enum StepTarget: Sendable, Hashable {
    /// Nothing: the action is the app's (no `webView` key).
    case app
    /// A web view; `frame` must stay `main`.
    case webView
    /// A web view and one of its frames (`frame`, default `main`).
    case frame
}

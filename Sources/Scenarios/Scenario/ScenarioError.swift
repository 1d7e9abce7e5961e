import StrictJSON

/// A scenario that cannot be run: bad JSON, an unknown key or action, an unknown web view or frame,
/// a URL that does not parse. It names the place (a JSON pointer such as `/steps/3/load`) so the
/// message can say file, step and what is wrong.
public struct ScenarioError: JSONShapeError, Hashable, Sendable, CustomStringConvertible {
    /// A JSON pointer into the scenario (`/steps/3/expect/result`), or "" for the whole file.
    public let pointer: String
    /// What is wrong there.
    public let message: String

    /// An error at `pointer`.
    public init(_ pointer: String, _ message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// The step index when the error is inside `/steps/N`.
    public var stepIndex: Int? {
        let parts = pointer.split(separator: "/")
        guard parts.count >= 2, parts[0] == "steps" else { return nil }
        return Int(parts[1])
    }

    /// The error with its place: `step 3 (/steps/3/load): ...`.
    public var description: String {
        let place = stepIndex.map { "step \($0) (\(pointer))" } ?? (pointer.isEmpty ? "" : pointer)
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

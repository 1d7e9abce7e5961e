/// What a step produced: its outcome fields in the order spec/interfaces.md lists them, and the
/// sentence that explains the decision behind them.
public struct Outcome: Sendable, Hashable {
    public var fields: [JSONValue.Member]
    /// The rule that decided, for people: "limitsNavigationsToAppBoundDomains is on and ... [code, §]".
    public var explanation: String?

    public init(_ fields: KeyValuePairs<String, JSONValue> = [:], explanation: String? = nil) {
        self.fields = fields.map { JSONValue.Member($0.key, $0.value) }
        self.explanation = explanation
    }

    public subscript(field: String) -> JSONValue? {
        fields.first { $0.key == field }?.value
    }

    /// The fields of every navigation outcome (`load`, `loadHTMLString`, `loadData`, `addFrame`,
    /// `navigateFrame`, `openWindow`).
    static let navigationFields = [
        "result", "error", "appBound", "forcedAppBoundMode", "decidedBy", "rule", "url", "openedURL",
    ]
}

import HybridFrameworks
import StrictJSON
import WebAddress

/// Reads one step's action: the value of its key, and the other keys of the step that belong to
/// the action (`load`'s `redirects` and `delegate`). Every key read is marked, so that the step's
/// reader can refuse the ones nobody read.
public struct ActionReader {
    /// The action's key.
    let key: String
    /// The step's object.
    var step: JSONObjectReader<ScenarioError>
    /// Reads `app.infoPlistFile`-style references of an added web view.
    let loadFile: ((String) throws(ScenarioError) -> [JSONValue.Member])?

    /// The JSON pointer of the action's value.
    var at: String { step.path(key) }

    /// The action's value.
    mutating func value() throws(ScenarioError) -> JSONValue {
        guard let value = step.value(key) else { throw ScenarioError(at, "missing") }
        return value
    }

    /// The action's value, an object.
    mutating func object() throws(ScenarioError) -> JSONObjectReader<ScenarioError> {
        try JSONObjectReader<ScenarioError>(try value(), at: at)
    }

    /// The action's value, a URL string.
    mutating func urlValue() throws(ScenarioError) -> WebURL {
        try url(try step.requiredString(key), at: at)
    }

    /// Checks that the action's value is `{}`.
    /// The step's `navigationType` sibling key (`WKNavigationType`: what a framework's delegate
    /// reads); `other` when absent, as for an app's `load` and a page's script navigation.
    mutating func navigationType() throws(ScenarioError) -> FrameworkNavigationAction.NavigationType {
        let text = try step.string("navigationType") ?? "other"
        guard let type = FrameworkNavigationAction.NavigationType(rawValue: text) else {
            let names = FrameworkNavigationAction.NavigationType.allCases.map(\.rawValue).joined(separator: ", ")
            throw ScenarioError(step.path("navigationType"), "expected one of \(names), found \"\(text)\"")
        }
        return type
    }

    mutating func emptyObject() throws(ScenarioError) {
        try object().finish(expected: [])
    }

    /// The action's value, `{"<field>": "<URL>"}`.
    mutating func urlObject(_ field: String) throws(ScenarioError) -> WebURL {
        var object = try object()
        let target = try url(try object.requiredString(field), at: object.path(field))
        try object.finish(expected: [field])
        return target
    }

    /// `text` as a URL, or an error at `pointer` saying why it is not one.
    func url(_ text: String, at pointer: String) throws(ScenarioError) -> WebURL {
        switch WebURL.parse(text) {
        case .success(let parsed): return parsed
        case .failure(let error): throw ScenarioError(pointer, "\"\(text)\" is not a URL: \(error.code): \(error)")
        }
    }

    /// A URL string or null.
    func optionalURL(_ value: JSONValue?, at pointer: String) throws(ScenarioError) -> WebURL? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return try url(text, at: pointer)
        case let other?: throw ScenarioError(pointer, "expected a URL string or null, found \(other.typeName)")
        }
    }

    /// An array of strings, each read by `read` at its own pointer.
    func strings<Item>(
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

    /// An array of URL strings.
    func urls(_ values: [JSONValue]?, at pointer: String) throws(ScenarioError) -> [WebURL] {
        try strings(values, at: pointer, expected: "expected a URL string") { text, pointer throws(ScenarioError) in
            try url(text, at: pointer)
        }
    }
}

/// Input that cannot be used at all (unreadable file, invalid JSON, a base URL that does not parse):
/// reported on one line naming the source and the place, with exit status 2.
struct InputError: Error, CustomStringConvertible {
    /// A file path, `stdin` or an option name.
    let source: String
    /// A line number, JSON pointer or step index, when there is one.
    let place: String?
    let message: String

    init(_ source: String, at place: String? = nil, _ message: String) {
        self.source = source
        self.place = place
        self.message = message
    }

    var description: String { [source, place].compactMap { $0 }.joined(separator: ":") + ": " + message }
}

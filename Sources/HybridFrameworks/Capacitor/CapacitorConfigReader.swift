import StrictJSON

/// Reads `capacitor.config.json` as `CAPInstanceDescriptor._parseConfiguration` does: each key by
/// its dotted path, cast to the type Capacitor expects, a value of another type ignored (spec §2a).
/// Capacitor never refuses its configuration, so neither does this reader: what it ignores becomes
/// a note.
public enum CapacitorConfigReader {
    /// The configuration, and what Capacitor ignores or replaces in it.
    public static func read(_ root: JSONValue, at pointer: String = "") -> (
        CapacitorConfiguration, [FrameworkConfigurationNote]
    ) {
        var notes: [FrameworkConfigurationNote] = []
        func value(_ path: String) -> JSONValue? {
            var current: JSONValue? = root
            for key in path.split(separator: ".") { current = current?[String(key)] }
            return current
        }
        func place(_ path: String) -> String { pointer + "/" + path.replacingOccurrences(of: ".", with: "/") }
        func string(_ path: String) -> String? {
            switch value(path) {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?:
                notes.append(
                    .init(.valueIgnored, at: place(path), "\(other.typeName), not a string: Capacitor ignores it"))
                return nil
            }
        }
        var allowNavigation: [String] = []
        switch value("server.allowNavigation") {
        case nil, .null?: break
        case .array(let elements)?:
            let strings = elements.compactMap(\.stringValue)
            if strings.count == elements.count {
                allowNavigation = strings
            } else {
                let index = elements.firstIndex { $0.stringValue == nil } ?? 0
                notes.append(
                    .init(
                        .listDropped, at: place("server.allowNavigation") + "/\(index)",
                        "\(elements[index].typeName), not a string: Capacitor's as? [String] fails and drops the whole list"
                    ))
            }
        case let other?:
            notes.append(
                .init(
                    .valueIgnored, at: place("server.allowNavigation"),
                    "\(other.typeName), not an array: Capacitor ignores it"))
        }
        let scheme = string("server.iosScheme")
        /// A boolean as Swift's `as? Bool` reads it (true, false, 1, 0); nil when absent or ignored.
        func bool(_ path: String, ignored: String) -> Bool? {
            switch value(path) {
            case nil, .null?: return nil
            case .bool(let flag)?: return flag
            case .int(let number)? where number == 0 || number == 1: return number == 1
            case let other?:
                notes.append(
                    .init(
                        .valueIgnored, at: place(path),
                        "\(other.typeName), not a boolean: Capacitor ignores it\(ignored)"))
                return nil
            }
        }
        var configuration = CapacitorConfiguration(
            allowNavigation: allowNavigation, serverURL: string("server.url"), iosScheme: scheme,
            hostname: string("server.hostname"), errorPath: string("server.errorPath"),
            limitsNavigationsToAppBoundDomains: bool(
                "ios.limitsNavigationsToAppBoundDomains", ignored: " and leaves the flag off") ?? false)
        configuration.webContentsDebuggingEnabled = bool(
            "ios.webContentsDebuggingEnabled", ignored: " and keeps the build's default")
        if let scheme, configuration.iosScheme != scheme.lowercased() {
            notes.append(
                .init(
                    .schemeReplaced, at: place("server.iosScheme"),
                    "\"\(scheme)\" is handled by WebKit or is not a scheme: Capacitor serves the app on capacitor:// instead"
                ))
        }
        return (configuration, notes)
    }
}

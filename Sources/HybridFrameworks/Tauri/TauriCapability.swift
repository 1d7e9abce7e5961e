import StrictJSON
import WebAddress

/// One Tauri 2 capability (`src-tauri/capabilities/*.json`, spec §14a): where it applies (local
/// pages, remote URLs, window and webview labels, platforms) and the permissions it grants.
public struct TauriCapability: Sendable, Hashable {
    /// `identifier`.
    public let identifier: String
    /// `local` (default true): the app's own pages get the permissions.
    public let local: Bool
    /// `remote.urls`, as written.
    public let remoteURLs: [String]
    /// `windows` and `webviews`: glob patterns of labels, OR-ed.
    public let windows: [String]
    /// See `windows`.
    public let webviews: [String]
    /// The permissions' identifiers (`core:default`, `opener:allow-open-url`), objects' `identifier`s.
    public let permissions: [String]
    /// `platforms`; nil for every platform.
    public let platforms: [String]?
    /// Where the capability sits in its input (`/config/capabilities/0`).
    public let place: String

    let patterns: [RemotePattern]

    /// The `remote.urls` entries whose host is `*` alone: every host of their scheme.
    public var remoteEntriesForEveryHost: [String] {
        patterns.filter { $0.pattern.host == Array("*".utf8) }.map(\.entry)
    }

    /// The `remote.urls` entries whose host is `*.` and a domain (`https://*.example.com`), each with
    /// the domain's own page on the entry's scheme and port (`https://example.com/`), which the
    /// entry never admits: `*.` stands for one or more labels (spec §14a).
    public var remoteEntriesForSubdomainsOnly: [(entry: String, apex: WebURL)] {
        patterns.compactMap { remote in
            let host = String(decoding: remote.pattern.host, as: UTF8.self)
            guard host.hasPrefix("*."), !host.dropFirst(2).contains("*") else { return nil }
            let port = remote.pattern.port.flatMap { $0 }.map { ":\($0)" } ?? ""
            let path = remote.pattern.path.map { String(decoding: $0, as: UTF8.self) } ?? "/"
            guard !path.contains("*") || path == "/*",
                let apex = try? WebURL(
                    "\(remote.pattern.scheme)://\(host.dropFirst(2))\(port)\(path == "/*" ? "/" : path)")
            else { return nil }
            return (remote.entry, apex)
        }
    }

    /// Whether a `remote.urls` entry admits `url`.
    public func remoteAdmits(_ url: WebURL) -> Bool { remoteEntry(matching: url) != nil }

    /// A `remote.urls` entry as written and as read.
    struct RemotePattern: Sendable, Hashable {
        let entry: String
        let pattern: TauriURLPattern
    }

    /// The capability in `value`, at `pointer`; a `remote.urls` entry Tauri refuses at build, or one
    /// outside the evaluated subset, is a failure naming it.
    static func read(_ value: JSONValue, at pointer: String) throws(BridgePolicyError) -> TauriCapability {
        let fields: Fields
        do throws(FrameworkConfigurationError) { fields = try Fields(value, at: pointer) } catch {
            throw .configuration(error)
        }
        var patterns: [RemotePattern] = []
        for (index, entry) in fields.remoteURLs.enumerated() {
            do throws(TauriURLPattern.Failure) {
                patterns.append(RemotePattern(entry: entry, pattern: try TauriURLPattern(entry)))
            } catch {
                let place = "\(pointer)/remote/urls/\(index) \"\(entry)\""
                switch error {
                case .invalid(let reason): throw .failure(FrameworkBridgeFailure("\(place): \(reason)"))
                case .outsideSubset(let reason):
                    throw .failure(
                        FrameworkBridgeFailure(
                            "\(place): outside the URL-pattern syntax WebFence evaluates (\(reason))"))
                }
            }
        }
        return TauriCapability(
            identifier: fields.identifier, local: fields.local, remoteURLs: fields.remoteURLs, windows: fields.windows,
            webviews: fields.webviews, permissions: fields.permissions, platforms: fields.platforms, place: pointer,
            patterns: patterns)
    }

    /// The members of a capability object, each checked for its shape.
    private struct Fields {
        var identifier: String
        var local: Bool
        var remoteURLs: [String] = []
        var windows: [String]
        var webviews: [String]
        var permissions: [String] = []
        var platforms: [String]?

        init(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) {
            var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
            identifier = try reader.requiredString("identifier")
            _ = try reader.string("description")
            _ = try reader.string("$schema")
            local = try reader.bool("local") ?? true
            if let remote = reader.value("remote"), remote != .null {
                var remoteReader = try JSONObjectReader<FrameworkConfigurationError>(remote, at: reader.path("remote"))
                remoteURLs = try FrameworkConfigurationReader.strings(&remoteReader, "urls") ?? []
                try remoteReader.finish(expected: ["urls"])
            }
            windows = try FrameworkConfigurationReader.strings(&reader, "windows") ?? []
            webviews = try FrameworkConfigurationReader.strings(&reader, "webviews") ?? []
            for (key, labels) in [("windows", windows), ("webviews", webviews)] {
                if let index = labels.firstIndex(where: { $0.contains("[") }) {
                    throw FrameworkConfigurationError(
                        reader.path(key) + "/\(index)", "a glob class ([…]) is outside what WebFence evaluates")
                }
            }
            guard let values = try reader.array("permissions") else {
                throw FrameworkConfigurationError(
                    reader.path("permissions"), "missing (a capability needs permissions)")
            }
            for (index, permission) in values.enumerated() {
                switch permission {
                case .string(let name): permissions.append(name)
                case .object:
                    guard case .string(let name)? = permission["identifier"] else {
                        throw FrameworkConfigurationError(
                            reader.path("permissions") + "/\(index)/identifier",
                            "a permission object needs an identifier")
                    }
                    permissions.append(name)
                default:
                    throw FrameworkConfigurationError(
                        reader.path("permissions") + "/\(index)",
                        "expected a string or an object, found \(permission.typeName)")
                }
            }
            platforms = try FrameworkConfigurationReader.strings(&reader, "platforms")
            let known = ["linux", "macOS", "windows", "android", "iOS"]
            if let index = platforms?.firstIndex(where: { !known.contains($0) }) {
                throw FrameworkConfigurationError(
                    reader.path("platforms") + "/\(index)",
                    "Tauri knows the platforms \(known.joined(separator: ", ")), written so")
            }
            try reader.finish(expected: [
                "identifier", "description", "$schema", "local", "remote", "windows", "webviews", "permissions",
                "platforms",
            ])
        }
    }

    /// Whether the capability applies on iOS.
    var appliesOnIOS: Bool { platforms.map { $0.contains("iOS") } ?? true }

    /// Whether the window or the webview label is one of the capability's (glob patterns).
    func covers(window: String, webview: String) -> Bool {
        windows.contains { TauriLabelGlob.matches($0, window) }
            || webviews.contains { TauriLabelGlob.matches($0, webview) }
    }

    /// The first `remote.urls` entry matching `url`.
    func remoteEntry(matching url: WebURL) -> String? {
        patterns.first { $0.pattern.matches(url) }?.entry
    }
}

/// Tauri's window and webview label patterns (the `glob` crate): `*` for any run of characters, `?`
/// for one. A pattern with a class (`[`) is refused when the capability is read.
enum TauriLabelGlob {
    static func matches(_ pattern: String, _ label: String) -> Bool {
        TauriGlob.matches(Array(pattern.unicodeScalars)[...], Array(label.unicodeScalars)[...], anyOne: "?")
    }
}

/// `*` for any run of elements (none included), `anyOne` (if given) for exactly one, everything
/// else itself: one backtrack point, so at worst the pattern × the text.
enum TauriGlob {
    static func matches<Element: Equatable>(
        _ pattern: ArraySlice<Element>, _ text: ArraySlice<Element>, star: Element, anyOne: Element? = nil
    ) -> Bool {
        var (p, t) = (pattern.startIndex, text.startIndex)
        var resume: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == star {
                resume = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == text[t] || (anyOne != nil && pattern[p] == anyOne) {
                p += 1
                t += 1
            } else if let (starP, starT) = resume {
                p = starP + 1
                t = starT + 1
                resume = (starP, starT + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == star { p += 1 }
        return p == pattern.endIndex
    }
}

extension TauriGlob {
    static func matches(
        _ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>, anyOne: Unicode.Scalar?
    )
        -> Bool
    {
        matches(pattern, text, star: "*", anyOne: anyOne)
    }
}

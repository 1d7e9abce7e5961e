import WebAddress

/// Tauri's `RuntimeAuthority::resolve_access` for one frame (spec §14a): the capabilities that
/// apply to the frame's context and window, and whether one of them grants a command.
struct TauriAccess {
    let configuration: TauriConfiguration
    /// The capabilities that apply on iOS to the frame's context (local, or a remote pattern matching
    /// the frame's URL) and to its window or webview label, in order.
    let applicable: [TauriCapability]
    let url: WebURL

    init(configuration: TauriConfiguration, url: WebURL, isLocal: Bool) {
        self.configuration = configuration
        self.url = url
        applicable = configuration.capabilities.filter { capability in
            capability.appliesOnIOS
                && capability.covers(window: configuration.window, webview: configuration.webview)
                && (isLocal ? capability.local : capability.remoteEntry(matching: url) != nil)
        }
    }

    func rule(_ capability: TauriCapability, _ reason: String) -> FrameworkRule {
        let entry = capability.remoteEntry(matching: url).map { "remote.urls \"\($0)\"" } ?? "local"
        return FrameworkRule(
            code: "tauri.capability", location: capability.place, entry: capability.identifier,
            reason: "capability \"\(capability.identifier)\" (\(entry)) \(reason)")
    }

    /// `plugin:P|C`.
    func decidePlugin(_ command: String, context: String) -> (Bool, FrameworkRule) {
        let body = command.dropFirst("plugin:".count)
        guard let bar = body.firstIndex(of: "|") else {
            return (
                false, .builtIn("tauri.command.unknown", "\"\(command)\" names no plugin command (plugin:NAME|COMMAND)")
            )
        }
        let plugin = String(body[..<bar])
        let name = String(body[body.index(after: bar)...]).replacingUnderscores()
        let core = TauriCorePermissions.defaults[plugin] != nil
        let prefix = core ? "core:\(plugin):" : "\(plugin):"
        return decide(command, context: context, allow: prefix + "allow-" + name, deny: prefix + "deny-" + name) {
            permission in
            if core {
                guard permission == "core:default" || permission == "core:\(plugin):default" else { return nil }
                return TauriCorePermissions.defaults[plugin]?.contains(name) == true
                    ? ("\(permission) includes allow-\(name) (Tauri's core permission sets)", false) : nil
            }
            let name = permission.dropFirst(prefix.count)
            guard permission.hasPrefix(prefix), !name.hasPrefix("allow-"), !name.hasPrefix("deny-"),
                !name.hasPrefix("scope")
            else { return nil }
            return (
                "\(permission) is a set from the plugin's own manifest, which WebFence takes as granting its commands",
                true
            )
        }
    }

    /// An app command (`#[tauri::command]`) under the ACL.
    func decideApp(_ command: String, context: String) -> (Bool, FrameworkRule) {
        let name = command.replacingUnderscores()
        return decide(command, context: context, allow: "allow-" + name, deny: "deny-" + name) { permission in
            guard !permission.contains(":"), !permission.hasPrefix("allow-"), !permission.hasPrefix("deny-"),
                !permission.hasPrefix("scope")
            else {
                return nil
            }
            return ("\(permission) is a set of the app's manifest, which WebFence takes as granting its commands", true)
        }
    }

    private func decide(
        _ command: String, context: String, allow: String, deny: String, set: (String) -> (String, assumed: Bool)?
    ) -> (Bool, FrameworkRule) {
        // Tauri collects the deny entries of the capabilities active on the platform, then a deny for
        // the command denies it in every context and window.
        if let denying = configuration.capabilities.first(where: { $0.appliesOnIOS && $0.permissions.contains(deny) }) {
            return (
                false,
                FrameworkRule(
                    code: "tauri.denied", location: denying.place, entry: deny,
                    reason: "a deny entry for \(command) denies it in every context and window, wherever it is written")
            )
        }
        for capability in applicable {
            if capability.permissions.contains(allow) {
                return (true, rule(capability, "grants \(allow) to \(context) in this window"))
            }
            for permission in capability.permissions {
                if let (reason, assumed) = set(permission) {
                    let granted = rule(capability, "grants \(command): \(reason)")
                    guard assumed else { return (true, granted) }
                    return (
                        true,
                        FrameworkRule(
                            code: "tauri.capability.assumedSet", location: granted.location, entry: granted.entry,
                            reason: granted.reason)
                    )
                }
            }
        }
        if applicable.isEmpty {
            return (
                false,
                .builtIn(
                    "tauri.noCapability",
                    "\(command) not allowed by ACL: no capability applies to \(context) in this window")
            )
        }
        return (
            false,
            .builtIn(
                "tauri.notGranted",
                "\(command) not allowed by ACL: the capabilities that apply (\(applicable.map(\.identifier).joined(separator: ", "))) do not grant it"
            )
        )
    }
}

extension String {
    /// A command's name as its permission writes it: `open_url` → `open-url`.
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}

import WebAddress

/// Tauri 2's IPC on iOS (spec §14b): which frames hold the invoke key, and whether a command from a
/// frame passes the ACL.
///
/// wry adds the IPC script, with `__TAURI_INVOKE_KEY__`, at document start to the main frame of
/// every page, remote ones included; a message without the key is dropped, so sub-frames never
/// reach native code. A command then needs a capability whose context matches the frame (the app's
/// own origin and `local`, or a `remote.urls` pattern matching the frame's URL) and whose window or
/// webview label matches, and that grants it; a deny anywhere denies everywhere. The app's own
/// commands need nothing of this from a local page without an app manifest, and before 2.11.2 from
/// a remote page either.
public struct TauriBridge: Sendable, Hashable {
    /// The configuration the decisions follow.
    public let configuration: TauriConfiguration
    /// The release, as major, minor, patch.
    public let version: [Int]
    /// Whether the release is a pre-release of `version` (`2.0.0-rc.17`), which comes before it.
    public let isPrerelease: Bool

    /// The release whose behaviour is used when none is named: the latest the spec describes.
    public static let latestVersion = "2.12.0"

    /// The bridge of `configuration` in `version` (`2.MINOR.PATCH`, with a pre-release or build
    /// suffix as Cargo.lock may have it: `2.0.0-rc.17`).
    public init(_ configuration: TauriConfiguration, version: String = latestVersion) throws(FrameworkBridgeFailure) {
        let release = version.prefix { $0 != "-" && $0 != "+" }
        let parts = release.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 != nil }), parts[0] == 2 else {
            throw FrameworkBridgeFailure(
                "tauri \(version): WebFence follows Tauri 2 releases, written 2.MINOR.PATCH (a -pre-release allowed)")
        }
        self.configuration = configuration
        self.version = parts.compactMap { $0 }
        isPrerelease = version.dropFirst(release.count).hasPrefix("-")
    }

    /// From 2.11.2 a remote page needs a capability for the app's own commands too (2.11.2's
    /// pre-releases come before it).
    public var remoteAppCommandsNeedCapability: Bool {
        version.lexicographicallyPrecedes([2, 11, 2]) == false && !(version == [2, 11, 2] && isPrerelease)
    }

    /// The decision for a frame at `url` calling `command` (`plugin:event|listen`, `save_note`; nil:
    /// any command).
    public func decide(_ url: WebURL, isMainFrame: Bool, command: String?) -> FrameworkBridgeDecision {
        let origin = FrameOrigin(of: url).location
        guard isMainFrame else {
            return FrameworkBridgeDecision(
                offered: false, accepted: false, origin: origin,
                rule: .builtIn(
                    "tauri.subFrame",
                    "wry adds the IPC script and its invoke key to the main frame only; a message without the key is "
                        + "dropped (the fix of CVE-2024-35222); a same-origin frame can still call "
                        + "parent.__TAURI_INTERNALS__, which runs as the main frame"),
                isBypass: false)
        }
        let local = configuration.localReason(url)
        let named = local != nil || configuration.capabilities.contains { $0.remoteEntry(matching: url) != nil }
        let access = TauriAccess(configuration: configuration, url: url, isLocal: local != nil)
        let (accepted, rule) = decideCommand(command, access: access, local: local)
        return FrameworkBridgeDecision(offered: true, accepted: accepted, origin: origin, rule: rule, isBypass: !named)
    }

    private func decideCommand(_ command: String?, access: TauriAccess, local: String?) -> (Bool, FrameworkRule) {
        let context = local.map { "a local page (\($0))" } ?? "a remote page"
        guard let command else {
            if let capability = access.applicable.first {
                return (true, access.rule(capability, "applies to \(context) in this window: its commands run"))
            }
            if !configuration.appManifest, local != nil || !remoteAppCommandsNeedCapability {
                return (
                    true,
                    .builtIn(
                        "tauri.appCommand.ungated",
                        "no capability applies to \(context), but the app's own commands run there without one"
                            + (local == nil ? " (before 2.11.2, no app manifest)" : " (no app manifest)"))
                )
            }
            return (false, .builtIn("tauri.noCapability", "no capability applies to \(context) in this window"))
        }
        if command.hasPrefix("plugin:") {
            return access.decidePlugin(command, context: context)
        }
        let needsAccess = configuration.appManifest || (local == nil && remoteAppCommandsNeedCapability)
        guard needsAccess else {
            let reason =
                local != nil
                ? "an app command from \(context) without an app manifest runs with no capability"
                : "an app command from a remote page runs with no capability before 2.11.2 unless the app has an app "
                    + "manifest (the release is \(version.map(String.init).joined(separator: ".")))"
            return (true, .builtIn("tauri.appCommand.ungated", reason))
        }
        return access.decideApp(command, context: context)
    }
}

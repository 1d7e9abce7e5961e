import AppBound
import AppManifest
import HybridFrameworks
import TauriProjects

/// What a Tauri project says about who reaches its IPC and how its web view meets App-Bound
/// Domains (spec hybrid-frameworks §14; decision D121): its `tauri.conf.json`, capabilities,
/// `build.rs` and `Cargo.lock`, with the WKAppBoundDomains of the Info.plist audited.
enum TauriAppAudit {
    static func findings(_ files: TauriProjectFiles, app: AppBoundApp) -> [AuditFinding] {
        let file = files.configuration.source
        let project: TauriProject
        do throws(TauriProjectError) { project = try files.read() } catch {
            return [AuditFinding(.frameworkConfigurationUnreadable, error.file, key: "/", error.message)]
        }
        var findings: [AuditFinding] = []
        if let place = project.appleSpelling {
            findings.append(
                AuditFinding(
                    .tauriAppBoundAppleSpelling, file, key: place + "/limitsNavigationsToAppBoundDomains",
                    "limitsNavigationsToAppBoundDomains is Apple's spelling: Tauri's window key is "
                        + "limitNavigationsToAppBoundDomains, and its configuration refuses unknown keys, so the "
                        + "app does not build"))
        }
        if let version = project.version, !project.configuration.appManifest,
            let bridge = try? TauriBridge(project.configuration, version: version),
            !bridge.remoteAppCommandsNeedCapability
        {
            findings.append(
                AuditFinding(
                    .tauriAppCommandsRemote, file, key: "/",
                    "Tauri \(version) (Cargo.lock) and no app manifest in build.rs: the app's own commands run when "
                        + "any remote top-level page calls them, with no capability (from 2.11.2 they need one)"))
        }
        let capabilities = project.configuration.capabilities
        for capability in capabilities {
            if !capability.local, capability.remoteURLs.isEmpty {
                findings.append(
                    AuditFinding(
                        .tauriCapabilityNoContext, source(of: capability, files), key: "/",
                        "capability \"\(capability.identifier)\": local is false and remote.urls names nothing, "
                            + "so no page, the app's own or a remote one, gets \(capability.permissions.joined(separator: ", "))"
                    ))
            }
            for (entry, apex) in capability.remoteEntriesForSubdomainsOnly
            where !capabilities.contains(where: { $0.remoteAdmits(apex) }) {
                findings.append(
                    AuditFinding(
                        .tauriCapabilitySubdomainsOnly, source(of: capability, files), key: "/",
                        "capability \"\(capability.identifier)\": remote URL \"\(entry)\" admits one or more labels "
                            + "before the domain, never \(apex.href) itself, and no capability admits that page"))
            }
            for entry in capability.remoteEntriesForEveryHost {
                findings.append(
                    AuditFinding(
                        .tauriCapabilityEveryHost, source(of: capability, files), key: "/",
                        "capability \"\(capability.identifier)\": remote URL \"\(entry)\" matches every host, so "
                            + "every page the web view opens with that scheme can call \(capability.permissions.joined(separator: ", "))"
                    ))
            }
        }
        if project.limitsNavigationsToAppBoundDomains, !(app.domains?.domains.contains("localhost") ?? false) {
            findings.append(
                AuditFinding(
                    .tauriAppBoundLocalhostMissing, file, key: "/app/windows/0/limitNavigationsToAppBoundDomains",
                    "limitNavigationsToAppBoundDomains is on and WKAppBoundDomains does not list localhost "
                        + "(Tauri writes no WKAppBoundDomains): the isolation pattern's iframe "
                        + "(isolation-…://localhost) is not app-bound, and the app's own tauri://localhost pages rely on "
                        + "WebKit treating localhost as app-bound, which older iOS releases did not"))
        }
        return findings
    }

    /// The file a capability was read from: its capability file, or tauri.conf.json.
    private static func source(of capability: TauriCapability, _ files: TauriProjectFiles) -> SourceFile {
        files.capabilities.first { capability.place.hasPrefix($0.name + "#") }?.source ?? files.configuration.source
    }
}

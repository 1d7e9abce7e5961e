import Foundation
import PackagePlugin

/// Checks a Swift target's files as WebFence reads them, during `swift build`: association files
/// (`webfence aasa lint`), an Info.plist with the `.entitlements` and framework configuration
/// beside it (`webfence audit`), and framework configuration files alone (`webfence framework
/// lint`), found by name in the target's folder whether the target excludes them or not (an
/// Info.plist usually is). Each finding is printed as `path:line:column: error|warning|note: message [code]`, which
/// `swift build` and Xcode show as a diagnostic at its place; an error fails the build.
@main
struct WebFenceBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "webfence").url
        return Check.plan(Check.files(in: target.directoryURL)).map { check in
            check.command(tool: tool, workDirectory: context.pluginWorkDirectoryURL)
        }
    }
}

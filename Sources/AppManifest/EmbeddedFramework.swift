import Foundation

/// A framework a built app carries in `Frameworks/` that tells which hybrid framework made it:
/// Flutter's engine and compiled Dart code, and the web view plugins (decision D120). Its version
/// is its Info.plist's `CFBundleShortVersionString`; for a plugin whose Info.plist does not say its
/// release (CocoaPods writes the podspec's `0.0.1` for flutter_inappwebview_ios), the strings of
/// `markers` found in its executable do.
public struct EmbeddedFramework: Sendable, Hashable {
    /// The framework's name: `flutter_inappwebview_ios` for `flutter_inappwebview_ios.framework`.
    public let name: String
    /// Where it is: its folder, `Frameworks/flutter_inappwebview_ios.framework`.
    public let source: SourceFile
    /// `CFBundleShortVersionString`, when its Info.plist reads and has one.
    public let version: String?
    /// Which of the name's `markers` its executable holds; nil when the executable was not read.
    public let markers: Set<String>?

    /// A framework as read.
    public init(name: String, source: SourceFile, version: String?, markers: Set<String>?) {
        (self.name, self.source, self.version, self.markers) = (name, source, version, markers)
    }

    /// The frameworks looked for, each with the strings its executable is searched for.
    /// `javaScriptHandlersOriginAllowList` and `_bridgeSecret` exist in flutter_inappwebview_ios from
    /// 6.2.0-beta.1 (`InAppWebViewSettings.swift`, `InAppWebView.swift`) and in no earlier release.
    public static let known: [String: [String]] = [
        "Flutter": [], "App": [],
        "flutter_inappwebview_ios": ["javaScriptHandlersOriginAllowList", "_bridgeSecret"],
        "webview_flutter_wkwebview": [],
    ]

    /// The path of a known framework's file inside the app: `Frameworks/<name>.framework/<file>`.
    public static func path(_ name: String, _ file: String) -> String { "Frameworks/\(name).framework/\(file)" }

    /// The known frameworks in the app at `bundle`, in name order; `source` names a path inside it.
    static func read(in bundle: URL, source: (String) -> SourceFile) -> [EmbeddedFramework] {
        known.keys.sorted().compactMap { name in
            let folder = bundle.appendingPathComponent("Frameworks/\(name).framework")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
            else { return nil }
            let info = try? PropertyListDocument.read(
                folder.appendingPathComponent("Info.plist"), as: source("Frameworks/\(name).framework/Info.plist"))
            let version = info?["CFBundleShortVersionString"]?.stringValue
            var markers: Set<String>?
            let wanted = known[name] ?? []
            let executable = folder.appendingPathComponent(name)
            if !wanted.isEmpty, AppBundle.isFile(executable), let bytes = try? FileBytes(url: executable) {
                markers = try? ExecutableStrings.find(wanted, in: bytes)
            }
            return EmbeddedFramework(
                name: name, source: source("Frameworks/\(name).framework"), version: version, markers: markers)
        }
    }
}

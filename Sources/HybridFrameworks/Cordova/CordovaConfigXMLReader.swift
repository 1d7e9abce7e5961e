import Findings
import StrictXML

/// Reads a Cordova app's `config.xml`: the platform copy the app carries
/// (`platforms/ios/App/config.xml`, or `config.xml` in the built `.app`) or the project's own, whose
/// `<platform name="ios">` block `cordova prepare` merges in and whose other platforms it leaves out.
///
/// As the app's `CDVConfigParser` does: every `<allow-navigation>` and `<allow-intent>` in document
/// order, `<preference>` names without case (the last one wins). The cordova-ios version comes from
/// `<engine name="ios" spec>` when the project names it, else 8.
public enum CordovaConfigXMLReader {
    /// The configuration and what the app does differently from how the file looks.
    public static func read(_ bytes: [UInt8]) throws(XMLError) -> (CordovaConfiguration, [FrameworkConfigurationNote]) {
        let root = try XMLReader.parse(bytes)
        guard root.name == "widget" else {
            throw XMLError(
                line: root.line, column: root.column,
                message: "the root element is <\(root.name)>, not <widget>: not a Cordova config.xml")
        }
        var collected = Collected()
        collected.visit(root)
        let preferences = collected.preferences
        let limitsText = preferences["limitsnavigationstoappbounddomains"]?.lowercased()
        var configuration = CordovaConfiguration(
            version: collected.version, allowNavigation: collected.navigations, allowIntent: collected.intents,
            scheme: preferences["scheme"], hostname: preferences["hostname"],
            limitsNavigationsToAppBoundDomains: ["true", "1", "yes"].contains(limitsText ?? ""),
            contentSource: collected.contentSource)
        // cordovaBoolSettingForKey: true/1/yes or false/0/no, in any case; anything else keeps the default.
        switch preferences["inspectablewebview"]?.lowercased() {
        case "true", "1", "yes": configuration.inspectableWebview = true
        case "false", "0", "no": configuration.inspectableWebview = false
        default: break
        }
        if let limitsText, !["true", "1", "yes", "false", "0", "no"].contains(limitsText) {
            collected.notes.append(
                .init(
                    .valueIgnored, at: "/widget/preference",
                    "line \(collected.limitsLine): \"\(limitsText)\" is not true/false, 1/0 or yes/no: Cordova leaves the flag off",
                    position: collected.positions["/widget/preference"]))
        }
        return (configuration, collected.notes)
    }

    /// Where each key the audit names is written, in the order the app reads the file:
    /// `/widget/allow-navigation/N` and `/widget/allow-intent/N` at the Nth element with an `href`
    /// (and the list's key, without an index, at the first),
    /// `/widget/preference` at the `LimitsNavigationsToAppBoundDomains` preference that counts (the
    /// last), `/widget/preference/InspectableWebview` likewise, `/widget/content` at the content element, `/widget` at the root. Empty when the file
    /// does not read.
    public static func positions(_ bytes: [UInt8]) -> [String: SourcePosition] {
        guard let root = try? XMLReader.parse(bytes), root.name == "widget" else { return [:] }
        var collected = Collected()
        collected.visit(root)
        return collected.positions.merging(["/widget": SourcePosition(line: root.line, column: root.column)]) { a, _ in
            a
        }
    }

    private struct Collected {
        var navigations: [String] = []
        var intents: [String] = []
        var preferences: [String: String] = [:]
        var contentSource: String?
        var version = CordovaConfiguration.Version.v8
        var notes: [FrameworkConfigurationNote] = []
        var limitsLine = 0
        /// Where each entry read is written, by the key a finding names.
        var positions: [String: SourcePosition] = [:]

        /// Walks the tree with an explicit stack: document order, other platforms' blocks and the
        /// contents of `<edit-config>`/`<config-file>` (meant for other files) left out.
        mutating func visit(_ root: XMLReader.Element) {
            var stack: [XMLReader.Element] = [root]
            while let element = stack.popLast() {
                read(element)
                let skipChildren =
                    (element.name == "platform" && element.attribute("name") != "ios")
                    || element.name == "edit-config" || element.name == "config-file"
                if !skipChildren { stack.append(contentsOf: element.children.reversed()) }
            }
        }

        mutating func read(_ element: XMLReader.Element) {
            // A pointer-like place for reports, with the line in the message.
            let place = "/widget/\(element.name)"
            let line = "line \(element.line): "
            let position = SourcePosition(line: element.line, column: element.column)
            switch element.name {
            case "allow-navigation", "allow-intent":
                guard let href = element.attribute("href") else {
                    notes.append(
                        .init(
                            .valueIgnored, at: place,
                            line + "<\(element.name)> without href: the app adds nil to its list and crashes at launch",
                            position: position))
                    return
                }
                // A list's key is placed at its first entry.
                if positions[place] == nil { positions[place] = position }
                if element.name == "allow-navigation" {
                    positions["\(place)/\(navigations.count)"] = position
                    navigations.append(href)
                } else {
                    positions["\(place)/\(intents.count)"] = position
                    intents.append(href)
                }
            case "preference":
                guard let name = element.attribute("name")?.lowercased(), let value = element.attribute("value") else {
                    return
                }
                preferences[name] = value
                if name == "limitsnavigationstoappbounddomains" {
                    limitsLine = element.line
                    positions[place] = position
                } else if name == "inspectablewebview" {
                    positions[place + "/InspectableWebview"] = position
                }
            case "content":
                contentSource = element.attribute("src") ?? contentSource
                positions[place] = position
            case "engine" where element.attribute("name") == "ios":
                let spec = element.attribute("spec") ?? ""
                let major = spec.drop { !$0.isNumber }.prefix { $0.isNumber }
                if major == "7" { version = .v7 }
            default: break
            }
        }
    }
}

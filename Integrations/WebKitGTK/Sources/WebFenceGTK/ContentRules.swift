import Foundation

/// WebKit content-blocker rules that finish a frame-dependent verdict: `load-context` tells
/// `top-frame` from `child-frame`, which WebKitGTK's navigation policy API does not. Each rule
/// blocks one exact URL as a document in one kind of frame, before any request is sent.
public enum ContentRules {
    /// The rule list blocking `held`: each URL with the frame kinds whose verdict refused it.
    public static func json(blocking held: [(url: String, topFrame: Bool, childFrame: Bool)]) -> String {
        var rules: [String] = []
        for entry in held {
            var contexts: [String] = []
            if entry.topFrame { contexts.append("\"top-frame\"") }
            if entry.childFrame { contexts.append("\"child-frame\"") }
            guard !contexts.isEmpty else { continue }
            rules.append(
                #"{"trigger":{"url-filter":\#(jsonString(urlFilter(exactly: entry.url))),"url-filter-is-case-sensitive":true,"#
                    + #""resource-type":["document"],"load-context":[\#(contexts.joined(separator: ","))]},"action":{"type":"block"}}"#
            )
        }
        // WebKit refuses an empty list; a rule that never matches keeps the list valid.
        if rules.isEmpty {
            rules.append(#"{"trigger":{"url-filter":"^webfence-never:"},"action":{"type":"block"}}"#)
        }
        return "[" + rules.joined(separator: ",") + "]"
    }

    /// A url-filter (WebKit's regular-expression subset) matching `url` and nothing else: every
    /// character that is not a letter or digit is escaped.
    public static func urlFilter(exactly url: String) -> String {
        var filter = "^"
        for scalar in url.unicodeScalars {
            let isPlain =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            if !isPlain { filter.append("\\") }
            filter.unicodeScalars.append(scalar)
        }
        return filter + "$"
    }
}

/// `text` as a JSON string, quotes included; being JSON, it is also a JavaScript string literal
/// that stays a string whatever `text` holds (the page guards embed the app's names with it).
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        default:
            if scalar.value < 0x20 {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

import StrictJSON
import WebAddress

/// A host-to-ASCII case of toascii.json or IdnaTestV2.json, run as the WPT harness runs it:
/// `new URL("https://" + input + "/x")` must fail when `output` is null, and otherwise have
/// host and hostname `output`, pathname `/x` and href `https://<output>/x`.
public struct HostToASCIICase: ConformanceCase {
    public let corpus: String
    public let index: Int
    public let input: String
    public let output: String?

    public var description: String {
        "\(corpus) #\(index) \"\(escapedForDisplay(input))\" → \(output.map { "\"\($0)\"" } ?? "failure")"
    }

    public static func load(_ corpus: String) -> [HostToASCIICase] {
        jsonArray("wpt/\(corpus)")
            .filter { if case .object = $0 { true } else { false } }
            .enumerated()
            .map { index, entry in
                HostToASCIICase(
                    corpus: corpus, index: index, input: entry["input"]?.stringValue ?? "",
                    output: entry["output"]?.stringValue)
            }
    }

    public static let toASCII = load("toascii.json")
    public static let idnaTestV2 = load("IdnaTestV2.json")

    public var knownGap: String? { corpus == "IdnaTestV2.json" ? KnownConformanceGaps.idnaTestV2[input] : nil }

    public func mismatches() -> [String] {
        // The empty input cannot go through a URL (the WPT harness skips it); it is checked at the
        // UTS #46 seam instead, where ToASCII("") is "".
        if input.isEmpty {
            let result = UTS46.toASCII(input)
            return (try? result.get()) == output ? [] : ["ToASCII(\"\") gave \(result)"]
        }
        let result = Result { () throws(URLParseError) in try WebURL("https://\(input)/x") }
        switch (result, output) {
        case (.failure, nil): return []
        case (.success(let url), nil): return ["expected failure, got \(url.href)"]
        case (.failure(let error), .some): return ["expected success, got \(error.code): \(error)"]
        case (.success(let url), .some(let output)):
            let fields = url.apiFields
            let expected = ["host": output, "hostname": output, "pathname": "/x", "href": "https://\(output)/x"]
            return expected.sorted(by: { $0.key < $1.key }).filter { fields[$0.key] != $0.value }
                .map { "\($0.key): expected \"\($0.value)\", got \"\(fields[$0.key] ?? "")\"" }
        }
    }
}

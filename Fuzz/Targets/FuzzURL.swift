// Fuzz target `url`: the WHATWG URL parser (URLParser, WebURL) and the Public Suffix List lookup.
//
// Input: arbitrary bytes, decoded as UTF-8 with U+FFFD for invalid sequences. Up to the first
// newline (0x0A) is the URL input; the rest, if there is a newline, is the base URL. The parser
// removes tabs and newlines anywhere in its input, so splitting on the first one loses nothing.
//
// Checks (see Fuzz.checkURL): no crash, no hang; the one-pass parser (SpecialURLParser) and the
// state machine give the same URL (href, every field, host kind, port) or the same error; for every
// URL that parses — the base on its own
// and the input against it — href reparses to the same href and API fields, every API field is
// ASCII, href starts with scheme + ":", and the PSL answers are suffixes of the host.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    Fuzz.currentInput = Array(bytes)

    let input: String
    let baseText: String?
    if let newline = bytes.firstIndex(of: 0x0A) {
        input = String(decoding: bytes[..<newline], as: UTF8.self)
        baseText = String(decoding: bytes[(newline + 1)...], as: UTF8.self)
    } else {
        input = String(decoding: bytes, as: UTF8.self)
        baseText = nil
    }

    // The base first, on its own: `new URL(input, base)` fails when the base does not parse.
    var base: WebURL? = nil
    if let baseText {
        guard let parsed = try? WebURL(baseText) else {
            // Still exercise the string-base API on this path.
            _ = try? WebURL(input, base: baseText)
            return 0
        }
        Fuzz.checkURL(parsed, input: baseText, base: nil)
        base = parsed
    }

    // The one-pass parser and the state machine give the same URL, or the same error.
    let result = URLParser.parse(input, base: base)
    let reference = URLParser.parse(input, base: base, stateMachineOnly: true)
    Fuzz.check(
        Fuzz.sameParse(result, reference), "SpecialURLParser agrees with the state machine",
        "input: \(input.debugDescription)\nbase: \(base?.href.debugDescription ?? "nil")\none pass: \(result)\nstate machine: \(reference)"
    )

    if let url = try? WebURL(input, base: base) {
        Fuzz.checkURL(url, input: input, base: base)
        if let host = url.host {
            _ = PublicSuffixList.bundled.registrableDomain(of: host)
            _ = PublicSuffixList.bundled.match(host.description)
        }
        _ = url.origin.isSameOrigin(as: url.origin)
        _ = url.serialized(excludingFragment: true)
    }

    // The PSL on the raw text, as a host written by a person.
    _ = PublicSuffixList.bundled.match(input)
    _ = PublicSuffixList.bundled.registrableDomain(of: input)
    return 0
}

// Fuzz target `host`: the host parser and UTS #46 IDNA alone (URLHost.parse, UTS46.toASCII, the IPv4 and
// IPv6 parsers), then the same text as the host of an https URL.
//
// Input: arbitrary bytes. UTS46.toASCII and URLHost.parse get the raw bytes (invalid UTF-8 included, as
// the host parser can receive after percent-decoding); the URL gets them decoded as UTF-8 (lossy).
//
// Checks: no crash, no hang; a successful toASCII is ASCII and idempotent (toASCII of the result is
// the result); a parsed host serializes to ASCII and parses back to the same host; for
// `https://<s>/` the URL invariants of Fuzz.checkURL hold.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHost(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes

    // UTS #46 ToASCII as the URL Standard runs it.
    if case .success(let ascii) = bytes.withUnsafeBufferPointer({ UTS46.toASCII(utf8: $0, options: .urlStandard) }) {
        Fuzz.check(Fuzz.isASCII(ascii), "toASCII result is ASCII", "result: \(ascii.debugDescription)")
        let again = UTS46.toASCII(ascii)
        Fuzz.check(
            again == .success(ascii), "toASCII is idempotent",
            "first: \(ascii.debugDescription)\nsecond: \(again)")
    }

    // The host parser, special (domain / IPv4 / IPv6) and opaque.
    for isOpaque in [false, true] {
        guard case .success(let host) = URLHost.parse(bytes[...], isOpaque: isOpaque) else { continue }
        let serialized = host.description
        Fuzz.check(
            Fuzz.isASCII(serialized), "serialized host is ASCII",
            "isOpaque: \(isOpaque)\nhost: \(serialized.debugDescription)")
        let reparsed = URLHost.parse(Array(serialized.utf8)[...], isOpaque: isOpaque)
        // The empty host serializes to "", which the URL parser never hands to the host parser.
        if host != .empty {
            Fuzz.check(
                reparsed == .success(host), "host reparses to itself",
                "isOpaque: \(isOpaque)\nhost: \(host)\nreparsed: \(reparsed)")
        }
        _ = host.isLoopback
        _ = PublicSuffixList.bundled.registrableDomain(of: host)
    }

    // The same text as the host of a special URL.
    let text = String(decoding: bytes, as: UTF8.self)
    let input = "https://" + text + "/"
    if let url = try? WebURL(input) {
        Fuzz.check(url.host != nil, "https URL has a host", "href: \(url.href.debugDescription)")
        Fuzz.checkURL(url, input: input, base: nil)
    }
    _ = PublicSuffixList.bundled.match(text)
    return 0
}

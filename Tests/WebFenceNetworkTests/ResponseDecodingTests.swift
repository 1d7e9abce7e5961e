import AssociationFetchCore
import Testing
import WebFenceNetwork

/// Reading headers without a URL parser: redirect targets and Apple's failure reasons.
@Suite("Response decoding")
struct ResponseDecodingTests {
    @Test(
        "A Location's scheme is read by RFC 3986 §3.1",
        arguments: [
            ("https://example.com/x", RedirectTarget.Kind.https),
            ("HTTPS://example.com/x", .https),
            ("http://example.com/x", .http),
            ("//example.com/x", .relative),
            ("/elsewhere", .relative),
            ("/a:b", .relative),
            ("ftp://example.com/", .otherScheme("ftp")),
            ("", .missing),
        ])
    func redirectKind(location: String, kind: RedirectTarget.Kind) {
        #expect(RedirectTarget(location: location).kind == kind)
    }

    @Test("A missing Location is reported as missing")
    func missingLocation() {
        #expect(RedirectTarget(location: nil).kind == .missing)
        #expect(!RedirectTarget(location: nil).staysOnHTTPS)
    }

    @Test("Apple-Failure-Reason splits into its SWCERR code and text")
    func failureReason() {
        let reason = AppleCDNHeaders.FailureReason(raw: "SWCERR00101 Bad HTTP Response: 404 Not Found")
        #expect(reason.code == "SWCERR00101")
        #expect(reason.text == "Bad HTTP Response: 404 Not Found")
        let plain = AppleCDNHeaders.FailureReason(raw: "Something else")
        #expect(plain.code == nil)
        #expect(plain.text == "Something else")
    }

    @Test("Apple-Failure-Details keeps member order; nested values become JSON text")
    func failureDetails() {
        let details = AppleCDNHeaders.FailureDetails(raw: #"{"z":1,"a":{"b":[true,null]},"s":"x"}"#)
        #expect(
            details
                == .fields([
                    .init(key: "z", value: "1"),
                    .init(key: "a", value: #"{"b":[true,null]}"#),
                    .init(key: "s", value: "x"),
                ]))
        #expect(AppleCDNHeaders.FailureDetails(raw: "[1,2]") == .text("[1,2]"))
        #expect(AppleCDNHeaders.FailureDetails(raw: "{oops") == .text("{oops"))
    }

    @Test("Failure sentences give sizes and times as people read them")
    func sentences() {
        #expect(
            HTTPFetchFailure.bodyTooLarge(limit: 131_072, declaredLength: nil, received: 147_456).sentence
                == "The body is larger than the 131,072-byte limit; the transfer was stopped after 147,456 bytes.")
        #expect(
            HTTPFetchFailure.timeout(limit: .milliseconds(1500), phase: .beforeResponse).sentence
                == "No response arrived within 1.5 s.")
    }
}

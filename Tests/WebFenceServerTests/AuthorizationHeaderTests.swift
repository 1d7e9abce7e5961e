import Foundation
import HTTPTypes
import Testing

@testable import WebFenceServer

/// How the access checks read a request's head: the token of an `Authorization` header, and a
/// field sent more than once.
@Suite("webfence serve: reading the Authorization header")
struct AuthorizationHeaderTests {
    static func basic(_ credentials: String) -> String { "Basic " + Data(credentials.utf8).base64EncodedString() }

    @Test("Bearer and Basic in any case, after one or more spaces; the Basic password is the token")
    func tokens() {
        let token = Array("token-0123456789abcdef".utf8)
        #expect(AccessPolicy.token(in: "Bearer token-0123456789abcdef") == token)
        #expect(AccessPolicy.token(in: "bEaReR   token-0123456789abcdef") == token)
        #expect(AccessPolicy.token(in: Self.basic("anyone:token-0123456789abcdef")) == token)
        #expect(AccessPolicy.token(in: "BASIC " + Self.basic(":token-0123456789abcdef").dropFirst(6) + " \t") == token)
        #expect(AccessPolicy.token(in: Self.basic("user:pass:with:colons")) == Array("pass:with:colons".utf8))
    }

    @Test("no scheme, an unknown one, nothing after it, or Basic without a colon give no token")
    func noToken() {
        for header in [
            "token-0123456789abcdef", "Token token-0123456789abcdef", "Bearer", "Bearer ", "Bearers x",
            "Basic !!notbase64", Self.basic("no colon"), "Basi token", "\u{E9}earer x",
        ] {
            #expect(AccessPolicy.token(in: header) == nil, "\(header)")
        }
    }

    @Test("a field sent twice is read joined, as HTTPTypes joins it, so two Origins match no origin")
    func repeatedFields() {
        var fields = HTTPFields()
        #expect(fields.value(of: .origin) == nil)
        fields.append(HTTPField(name: .origin, value: "http://127.0.0.1:8080"))
        #expect(fields.value(of: .origin) == "http://127.0.0.1:8080")
        fields.append(HTTPField(name: .origin, value: "https://evil.example"))
        #expect(fields.value(of: .origin) == fields[.origin])
        #expect(fields.value(of: .origin) == "http://127.0.0.1:8080, https://evil.example")
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        #expect(fields.value(of: .cookie) == fields[.cookie])
        #expect(fields.value(of: .cookie) == "a=1; b=2")
    }

    @Test("what the header read as bytes refuses or keeps: a space before the scheme, other whitespace after Basic")
    func edges() {
        let token = "token-0123456789abcdef"
        // A field's value reaches the policy trimmed by the HTTP parser; what is left is read as sent.
        #expect(AccessPolicy.token(in: " Bearer \(token)") == nil)
        #expect(AccessPolicy.token(in: "Bearer \(token) ") == Array("\(token) ".utf8), "not a token of the file")
        #expect(AccessPolicy.token(in: "Bearer\t\(token)") == nil, "the scheme ends at a space")
        #expect(AccessPolicy.token(in: "Basic\t" + Self.basic(":\(token)").dropFirst(6)) == nil)
        #expect(AccessPolicy.token(in: Self.basic(":\(token)") + "\u{A0}") == nil, "only spaces and tabs trimmed")
    }
}

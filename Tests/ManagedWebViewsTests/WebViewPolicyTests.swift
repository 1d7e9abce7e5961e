import ManagedWebViews
import Testing

@Suite("§2 web view policies")
struct WebViewPolicyTests {
    @Test(
        "§2: the policies keep the SDK's numeric values and names",
        arguments: [
            (WebViewPolicy.unset, 0, "unset"), (.unmanaged, 1, "unmanaged"), (.currentIdentity, 2, "currentIdentity"),
            (.currentIdentityBlockUpload, 3, "currentIdentityBlockUpload"),
        ])
    func valuesAndNames(_ policy: WebViewPolicy, _ value: Int, _ name: String) {
        #expect(policy.rawValue == value)
        #expect(WebViewPolicy(rawValue: value) == policy)
        #expect(policy.name == name)
        #expect(WebViewPolicy(name: name) == policy)
    }

    @Test(
        "§2: any other name or number is no policy", arguments: ["", "Unset", "current_identity", "blockUpload", "2"])
    func unknownNames(_ name: String) {
        #expect(WebViewPolicy(name: name) == nil)
        #expect(WebViewPolicy(rawValue: 4) == nil)
    }
}

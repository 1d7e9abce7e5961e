import Foundation
import StrictJSON

/// An `embedded.mobileprovision`: a CMS SignedData whose content is a plist naming the team, the
/// app ID, the entitlements the app may claim, the devices it runs on and when it expires. The
/// content is read whatever the signature; `signature` says whether the signature holds.
public struct ProvisioningProfile: Sendable {
    /// The largest profile read: real ones are 10–30 KB, and a larger file is refused unread.
    public static let maximumSize = 1_048_576

    /// The signed plist's keys and values, keys sorted.
    public let content: [JSONValue.Member]
    /// What the profile's signature proves.
    public let signature: Signature

    /// What the profile's signature proves.
    public enum Signature: Sendable, Hashable {
        /// The signer's signature over the content verifies with the certificate the profile
        /// carries: the content is what that certificate's key signed (integrity). Whether the
        /// certificate chains to Apple, is in its validity period or is revoked is NOT checked, so
        /// anyone can make a profile that is `valid`: `signer` says who claims to have signed it.
        case valid(signer: String)
        /// The signature does not hold, and why: digest mismatch, signature does not verify, no
        /// signer certificate, unsupported algorithm, ...
        case invalid(String)
    }

    /// Reads a profile from its bytes (BER or DER). An error when they are no CMS SignedData with
    /// content, or the content is no plist dictionary; a bad signature is no error (`signature`).
    public init(der: [UInt8]) throws(AppManifestError) {
        try self.init(der, label: "embedded.mobileprovision")
    }

    /// Reads the profile at `url`; a file larger than `maximumSize` is refused unread.
    public init(contentsOf url: URL) throws(AppManifestError) {
        let data = try AppBundle.readBounded(url, limit: Self.maximumSize)
        try self.init([UInt8](data), label: url.path)
    }

    private init(_ bytes: [UInt8], label: String) throws(AppManifestError) {
        guard bytes.count <= Self.maximumSize else {
            throw AppManifestError(
                label, "\(bytes.count) bytes: larger than any real profile (limit \(Self.maximumSize))")
        }
        let signedData: CMSSignedData
        do { signedData = try CMSSignedData(ber: bytes) } catch {
            throw AppManifestError(label, "not a provisioning profile: \(error.message)")
        }
        switch PropertyList.read(Data(signedData.content)) {
        case .success((.object(let members), _)):
            content = members
        case .success((let other, _)):
            throw AppManifestError(label, "the signed content holds \(other.typeName), not a dictionary")
        case .failure(let error):
            throw AppManifestError(label, "the signed content is no property list: \(error)")
        }
        signature = CMSSignatureCheck.check(signedData)
    }

    subscript(key: String) -> JSONValue? { JSONValue.object(content)[key] }

    /// `Name`: the profile's name as the developer portal shows it.
    public var name: String? { self["Name"]?.stringValue }
    /// `AppIDName`: the name of the app ID the profile is for.
    public var appIDName: String? { self["AppIDName"]?.stringValue }
    /// `TeamName`: the name of the team the profile belongs to.
    public var teamName: String? { self["TeamName"]?.stringValue }
    /// `UUID`: the profile's identifier.
    public var uuid: String? { self["UUID"]?.stringValue }
    /// `TeamIdentifier`: the team IDs (strings only; usually one).
    public var teamIdentifiers: [String] {
        guard case .array(let values) = self["TeamIdentifier"] else { return [] }
        return values.compactMap(\.stringValue)
    }
    /// `Entitlements`: what an app signed with this profile may claim; nil when absent or no dictionary.
    public var entitlements: [JSONValue.Member]? {
        guard case .object(let members) = self["Entitlements"] else { return nil }
        return members
    }
    /// `ExpirationDate`: when the profile expires, when it is a date.
    public var expirationDate: Date? { date("ExpirationDate") }
    /// `CreationDate`: when the profile was made, when it is a date.
    public var creationDate: Date? { date("CreationDate") }
    /// How many devices `ProvisionedDevices` lists (development and ad hoc profiles); 0 without.
    public var provisionedDeviceCount: Int {
        guard case .array(let devices) = self["ProvisionedDevices"] else { return 0 }
        return devices.count
    }
    /// `ProvisionsAllDevices` (enterprise distribution); false when absent.
    public var provisionsAllDevices: Bool { self["ProvisionsAllDevices"]?.boolValue ?? false }

    /// Plist dates come out of `PropertyList` as `{"date": "ISO 8601"}`.
    private func date(_ key: String) -> Date? {
        guard let text = self[key]?["date"]?.stringValue else { return nil }
        return ISO8601DateFormatter().date(from: text)
    }
}

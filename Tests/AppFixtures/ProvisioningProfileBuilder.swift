import Crypto
import Foundation
import SwiftASN1
@_spi(CMS) import X509

/// Builds real signed provisioning profiles at test time: the plist a developer portal writes,
/// signed as CMS SignedData by swift-certificates (`CMS.sign`, an implementation independent of
/// the reader under test) with a key and self-signed certificate made at run time.
public struct ProvisioningProfileBuilder {
    /// The profile's `Name`.
    public var name = "Shop Development"
    /// The App ID's name, `AppIDName`.
    public var appIDName = "Shop"
    /// The team identifier: in `TeamIdentifier`, `ApplicationIdentifierPrefix` and the entitlements.
    public var teamIdentifier = "ABCDE12345"
    /// The team's name, `TeamName`.
    public var teamName = "Example Corp"
    /// The bundle identifier that `application-identifier` ends with.
    public var bundleIdentifier = "com.example.shop"
    /// Entitlements besides `application-identifier` and `com.apple.developer.team-identifier`,
    /// which are made from the team and bundle identifiers.
    public var entitlements: [String: Any] = ["get-task-allow": true]
    /// The profile's `CreationDate`; also the signing time, and a day after the certificate's `notValidBefore`.
    public var creationDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    /// The profile's `ExpirationDate`; also the certificate's `notValidAfter`.
    public var expirationDate = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01
    /// The device identifiers of `ProvisionedDevices`; none (and no key) when nil.
    public var devices: [String]? = ["00008030-001A2B3C4D5E6F70", "00008110-0011223344556677"]
    /// Whether the plist says `ProvisionsAllDevices` (true), as in-house profiles do; false leaves the key out.
    public var provisionsAllDevices = false
    /// The profile's `UUID`.
    public var uuid = "9B0F1C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D"
    /// The profile's `Platform` list.
    public var platform = ["iOS"]

    /// The signer certificate's subject, `CN=<signerName>,O=WebFence Tests,C=US`.
    public var signerName = "WebFence Test Provisioning Profile Signing"
    /// The kind of key that signs the profile.
    public var key = Key.p256
    /// Whether to sign with signed attributes (content type, message digest, signing time), as Apple signs;
    /// without, the signature is over the content itself.
    public var signedAttributes = true
    /// How the signed profile is encoded.
    public var encoding = Encoding.der
    /// Changes one character of the profile's name after signing: the signature no longer holds.
    public var tamperedAfterSigning = false
    /// Whether the signer's certificate is in the profile; false leaves it out (written as `appleBER`).
    public var includesCertificate = true

    /// A key that signs profiles, with the signature algorithm it signs with.
    public enum Key: Sendable {
        /// A P-256 key made at run time (ECDSA with SHA-256).
        case p256
        /// A fixed RSA-2048 test key (PKCS #1 v1.5 with SHA-256), the kind Apple signs with.
        case rsa
    }

    /// How the CMS SignedData of a profile is encoded.
    public enum Encoding: Sendable {
        /// As `CMS.sign` writes it: DER, the signature algorithm `sha256WithRSAEncryption` or `ecdsa-with-SHA256`.
        case der
        /// As Apple's profiles are: BER with indefinite lengths, the content as a chunked OCTET
        /// STRING, and for RSA the signature algorithm given as `rsaEncryption`. Certificates and
        /// signed attributes stay DER.
        case appleBER
    }

    /// A development profile for `com.example.shop` of team ABCDE12345, for two devices, valid in 2026.
    public init() {}

    /// The unsigned plist, XML.
    public func plist() throws -> Data {
        var entitlements = self.entitlements
        entitlements["application-identifier"] = "\(teamIdentifier).\(bundleIdentifier)"
        entitlements["com.apple.developer.team-identifier"] = teamIdentifier
        var plist: [String: Any] = [
            "AppIDName": appIDName, "ApplicationIdentifierPrefix": [teamIdentifier], "CreationDate": creationDate,
            "Entitlements": entitlements, "ExpirationDate": expirationDate, "Name": name, "Platform": platform,
            "TeamIdentifier": [teamIdentifier], "TeamName": teamName, "TimeToLive": 365, "UUID": uuid, "Version": 1,
        ]
        if let devices { plist["ProvisionedDevices"] = devices }
        if provisionsAllDevices { plist["ProvisionsAllDevices"] = true }
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    /// The signed profile's bytes.
    public func build() throws -> [UInt8] { try sign(plist()) }

    /// `content` (any bytes, for profiles whose content is no plist dictionary) signed as a profile.
    public func sign(_ content: Data) throws -> [UInt8] {
        let (privateKey, algorithm) = try Self.privateKey(key)
        let certificate = try self.certificate(privateKey, algorithm)
        var signed = try CMS.sign(
            Array(content), signatureAlgorithm: algorithm, certificate: certificate, privateKey: privateKey,
            signingTime: signedAttributes ? creationDate : nil, detached: false)
        if tamperedAfterSigning { signed = try Self.tamper(signed, content: Array(content), name: name) }
        if encoding == .appleBER || !includesCertificate {
            signed = try AppleBER.reencode(signed, rsaEncryption: key == .rsa, certificates: includesCertificate)
        }
        return signed
    }

    /// A signature over the plist without the plist in it (`detached`): no profile.
    public func detachedSignature() throws -> [UInt8] {
        let (privateKey, algorithm) = try Self.privateKey(key)
        return try CMS.sign(
            Array(plist()), signatureAlgorithm: algorithm, certificate: certificate(privateKey, algorithm),
            privateKey: privateKey, signingTime: creationDate, detached: true)
    }

    /// The DER of a signer certificate as `build()` makes them.
    public func certificateDER() throws -> [UInt8] {
        let (privateKey, algorithm) = try Self.privateKey(key)
        var serializer = DER.Serializer()
        try serializer.serialize(try certificate(privateKey, algorithm))
        return serializer.serializedBytes
    }

    func certificate(
        _ privateKey: Certificate.PrivateKey, _ algorithm: Certificate.SignatureAlgorithm
    ) throws -> Certificate {
        let subject = try DistinguishedName {
            CountryName("US")
            OrganizationName("WebFence Tests")
            CommonName(signerName)
        }
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: privateKey.publicKey,
            notValidBefore: creationDate - 86_400, notValidAfter: expirationDate, issuer: subject, subject: subject,
            signatureAlgorithm: algorithm,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
            },
            issuerPrivateKey: privateKey)
    }

    static func privateKey(_ key: Key) throws -> (Certificate.PrivateKey, Certificate.SignatureAlgorithm) {
        switch key {
        case .p256: (Certificate.PrivateKey(P256.Signing.PrivateKey()), .ecdsaWithSHA256)
        case .rsa: (try Certificate.PrivateKey(pemEncoded: rsaTestKeyPEM), .sha256WithRSAEncryption)
        }
    }

    /// The same bytes with one character of the plist's `<string>NAME</string>` changed.
    static func tamper(_ signed: [UInt8], content: [UInt8], name: String) throws -> [UInt8] {
        let needle = Array("<string>\(name)</string>".utf8)
        guard let contentStart = signed.firstRange(of: content)?.lowerBound,
            let nameStart = content.firstRange(of: needle)?.lowerBound
        else {
            throw FixtureError("the content or the name is not in the signed bytes")
        }
        var tampered = signed
        let index = contentStart + nameStart + "<string>".utf8.count
        tampered[index] = tampered[index] == UInt8(ascii: "X") ? UInt8(ascii: "Y") : UInt8(ascii: "X")
        return tampered
    }
}

/// An RSA-2048 key for tests only, made once with `openssl genpkey` (generating RSA keys needs
/// `_CryptoExtras`, which the fixtures do not import). It protects nothing.
let rsaTestKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCu4A+IqFF78Xan
    5up3oMqhy60c8Gmtd3SJ5ZdsCJlcnLTrg2CSq9s8P1fKhTnWER43jXXelLl7NLo6
    A9bYUaL36dClqccdCXahcXZ4qBtSsVZutSw3xyKq7WLhYzpZhCDEB4YcEKgCj9i9
    S01Nl0x87BqJbL72+OdP3IX6ng4HVN8ttQz5w9IYh31OMFvTwjXI2sl+TEiK5P8l
    lkoumouvPp/b3QDHGeuZIzNA/MgvD2GMsyQVdBWdEaoxAAarMAUNpDUBfFWO+9xy
    Yo8OPm97E2K19L2pEOZ8REGH7lgmN6n5G8LyZGzBRjcKxqB2df8TwTTG6SE7Qgg4
    y/611H+BAgMBAAECggEABJLTlS1hxC4Sfl2psCtCYWzkQCeBfAntwFWC2k53RFbM
    3IP5GJzqBO9bKm7FjnWwJp/Kf2HAYBqG7FGBYvLvojA5Rrvj+zxuH9bJ1GoBHO6K
    ZibS2zqYC4Rd26susXylJrtTpJRC8J42euznPqpAU9wQ7Zsse2UTF6Ga120ezM4+
    XlSKddeSWQiBE1R99sy2w0HCJRFccNU9TH5CG/Vag0ASukGPzBhgK6Tj1dzm6nmK
    kGMp+JgwlVTHM2q4qTp2Ks9+HyQApSPXXUWibGYxN1yteYC66RSiP04zTDjm1RpW
    0ygj4+pVtCzTcIF9Q+GuFaSfENwq6mRfi2bKceG2aQKBgQDXSLtQZUMDWeebVaSf
    5dq6lg8NXL0FSvphoRCjT/2lGsF0VIQuNctC3MM+CBWXKY46WIwGYEqnrFalvOP2
    F2Vatq6kwMgi00l4V0SL2nRCOt6/qJ3OVkZ+MJJfbs3Zhg0oQeouFqoxbzSwAxYM
    HSJ1ybEurBCNu79amcY7Hcg7AwKBgQDP8uEfsl65vn9ObgGIp+c/daFoEYCy8M3r
    OU/K+16yg1/mLWPd+FavTf11jtLDL9qc6J5AGJxCZjiyk3yJ3Ru1M8Lw8ToOHn/V
    JzcmciEpIqYGMvKBIBOxfYN99wsg0/e8VtzjaZWL5dqfBvQfpQ8ioceg6t38kAvM
    bDDNWeQyKwKBgAtc0F4e6hmMLjg5nfW+iPveHa9D3MohufNbL+ieuTF0pw8/wrY5
    qp+9zSRCAvm2fMZBlCpl/Kq64tvei12awIO4LqGNd0K3SiJq4LhM8GPqfYU6HhIc
    5Z2VbLRSwdSgSaN9TyHdml//kZVUpF5BT2dOHObst/bzGNdsVFUcbkwHAoGAV5cx
    ll1WoxyHmSyi/sHimQteSmyc7kKaKguA/bn2AHFv8o+J8lSJhtvt+BeJ1WeRyOf+
    yHbVUu6l0SpomdWFt0SvRzgEwS+9nrYe99W4/A+5KQFKvnMZeHiq62Mkz9YZEr7v
    2eZ+dGgEN1oBeFbZUjgc0z469Qhjv96Oi+DiSvMCgYBZSJ/QqQTTgBxj7ULrxctd
    exNH1j9BjePTC9nm+o3c7TIT/WCD67GsX8JuCzCepch6/IICDLMaUNo2nVFSjPNV
    YirzoQiYKDs+mzDdnhNjz8dMjC86hvbReUqDtohEAqE/FoM6wea3CRP5zIe7YaOf
    UGtu+a49kzw2SSjVspqG4A==
    -----END PRIVATE KEY-----
    """

import AppFixtures
import Foundation
import StrictJSON
import Testing

@testable import AppManifest

/// Reading `embedded.mobileprovision` (issue 6): the signed plist whatever the signature, and
/// whether the signature holds, for profiles signed at test time by swift-certificates' CMS.
@Suite("AppManifest: provisioning profiles")
struct ProvisioningProfileTests {
    static let signer = "CN=WebFence Test Provisioning Profile Signing,O=WebFence Tests,C=US"

    static func builder(
        _ key: ProvisioningProfileBuilder.Key = .p256, signedAttributes: Bool = true,
        encoding: ProvisioningProfileBuilder.Encoding = .der
    ) -> ProvisioningProfileBuilder {
        var builder = ProvisioningProfileBuilder()
        builder.key = key
        builder.signedAttributes = signedAttributes
        builder.encoding = encoding
        return builder
    }

    @Test("a signed profile: its fields, and a valid signature naming the signer")
    func fields() throws {
        let profile = try ProvisioningProfile(der: try ProvisioningProfileBuilder().build())
        #expect(profile.signature == .valid(signer: Self.signer))
        #expect(profile.name == "Shop Development")
        #expect(profile.appIDName == "Shop")
        #expect(profile.teamName == "Example Corp")
        #expect(profile.uuid == "9B0F1C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.expirationDate == Date(timeIntervalSince1970: 1_798_761_600))
        #expect(profile.creationDate == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(profile.provisionedDeviceCount == 2)
        #expect(profile.provisionsAllDevices == false)
        let entitlements = JSONValue.object(try #require(profile.entitlements))
        #expect(entitlements["application-identifier"] == .string("ABCDE12345.com.example.shop"))
        #expect(entitlements["get-task-allow"] == .bool(true))
        #expect(JSONValue.object(profile.content)["Platform"] == .array([.string("iOS")]))
    }

    @Test("an enterprise profile: all devices, no device list, other entitlements")
    func enterprise() throws {
        var builder = ProvisioningProfileBuilder()
        builder.devices = nil
        builder.provisionsAllDevices = true
        builder.entitlements = ["com.apple.developer.associated-domains": ["applinks:shop.example"]]
        let profile = try ProvisioningProfile(der: try builder.build())
        #expect(profile.provisionedDeviceCount == 0)
        #expect(profile.provisionsAllDevices)
        #expect(
            JSONValue.object(try #require(profile.entitlements))["com.apple.developer.associated-domains"]
                == .array([.string("applinks:shop.example")]))
    }

    @Test(
        "RSA and P-256, with and without signed attributes, DER and Apple's BER: all valid",
        arguments: [
            ProvisioningProfileBuilder.Key.p256, .rsa,
        ],
        [
            (true, ProvisioningProfileBuilder.Encoding.der), (false, .der), (true, .appleBER), (false, .appleBER),
        ])
    func algorithmsAndEncodings(
        key: ProvisioningProfileBuilder.Key, variant: (Bool, ProvisioningProfileBuilder.Encoding)
    ) throws {
        let bytes = try Self.builder(key, signedAttributes: variant.0, encoding: variant.1).build()
        if variant.1 == .appleBER { #expect(bytes.starts(with: [0x30, 0x80])) }
        let profile = try ProvisioningProfile(der: bytes)
        #expect(profile.signature == .valid(signer: Self.signer))
        #expect(profile.name == "Shop Development")
    }

    @Test(
        "content changed after signing: read, and the signature is invalid",
        arguments: [
            (true, "digest mismatch"), (false, "does not verify"),
        ])
    func tampered(signedAttributes: Bool, reason: String) throws {
        for encoding in [ProvisioningProfileBuilder.Encoding.der, .appleBER] {
            var builder = Self.builder(.rsa, signedAttributes: signedAttributes, encoding: encoding)
            builder.tamperedAfterSigning = true
            let profile = try ProvisioningProfile(der: try builder.build())
            #expect(profile.name == "Xhop Development")
            guard case .invalid(let why) = profile.signature else {
                Issue.record("a tampered profile's signature holds")
                continue
            }
            #expect(why.contains(reason), "\(why)")
        }
    }

    @Test("no signer certificate: read, and the signature is invalid")
    func noCertificate() throws {
        var builder = ProvisioningProfileBuilder()
        builder.includesCertificate = false
        let profile = try ProvisioningProfile(der: try builder.build())
        #expect(profile.name == "Shop Development")
        guard case .invalid(let why) = profile.signature else {
            Issue.record("a profile without its certificate verifies")
            return
        }
        #expect(why.contains("no signer certificate"))
    }

    @Test("content that is no plist dictionary is an error")
    func contentNotDictionary() throws {
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
        for (content, expected) in [(array, "not a dictionary"), (Data("bplist00 damaged".utf8), "no property list")] {
            let bytes = try ProvisioningProfileBuilder().sign(content)
            do {
                _ = try ProvisioningProfile(der: bytes)
                Issue.record("\(expected) was read")
            } catch {
                #expect(error.message.contains(expected), "\(error)")
            }
        }
    }

    @Test("DER that is no SignedData with content is an error")
    func notSignedData() throws {
        // ContentInfo { id-data, [0] { OCTET STRING "hi" } }
        let data: [UInt8] = [
            0x30, 0x13, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01, 0xA0, 0x06, 0x04, 0x04,
            0x68, 0x69, 0x68, 0x69,
        ]
        #expect(throws: AppManifestError.self) { try ProvisioningProfile(der: data) }
        // A certificate is DER too.
        let certificate = try ProvisioningProfileBuilder().certificateDER()
        #expect(throws: AppManifestError.self) { try ProvisioningProfile(der: certificate) }
    }

    @Test(
        "garbage is an error, never a crash",
        arguments: [
            [], [0x30], [0x30, 0x80], [0x30, 0x80, 0x00, 0x00], [0xFF, 0xFF, 0xFF], Array("<?xml".utf8),
            [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], Array(repeating: 0x30, count: 200) + [0x80],
        ] as [[UInt8]])
    func garbage(bytes: [UInt8]) {
        #expect(throws: AppManifestError.self) { try ProvisioningProfile(der: bytes) }
    }

    @Test(
        "every prefix of a profile is an error",
        arguments: [
            ProvisioningProfileBuilder.Encoding.der, .appleBER,
        ])
    func truncated(encoding: ProvisioningProfileBuilder.Encoding) throws {
        let bytes = try Self.builder(encoding: encoding).build()
        var refused = 0
        for length in 0..<bytes.count {
            do { _ = try ProvisioningProfile(der: Array(bytes.prefix(length))) } catch { refused += 1 }
        }
        #expect(refused == bytes.count)
    }

    @Test("single changed bytes are read or refused, never a crash")
    func flippedBytes() throws {
        let bytes = try Self.builder(.rsa, encoding: .appleBER).build()
        for index in stride(from: 0, to: bytes.count, by: 3) {
            var changed = bytes
            changed[index] ^= 0x5A
            if let profile = try? ProvisioningProfile(der: changed), case .valid = profile.signature {
                // Only bytes outside what is signed may change and still verify (the certificate's
                // own signature, say, which is not checked).
                #expect(profile.name == "Shop Development")
            }
        }
    }

    @Test("a detached signature has no content: an error")
    func detached() throws {
        let bytes = try ProvisioningProfileBuilder().detachedSignature()
        do {
            _ = try ProvisioningProfile(der: bytes)
            Issue.record("a detached signature was read")
        } catch {
            #expect(error.message.contains("without content"))
        }
    }

    @Test("a profile file is read whole: a good one reads, an empty one is no profile")
    func fromFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID()).mobileprovision")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try ProvisioningProfileBuilder().build()).write(to: file)
        #expect(try ProvisioningProfile(contentsOf: file).signature == .valid(signer: Self.signer))
        try Data().write(to: file)
        do {
            _ = try ProvisioningProfile(contentsOf: file)
            Issue.record("an empty file was read as a profile")
        } catch {
            #expect(error.message.contains("not a provisioning profile"))
        }
    }

    @Test("a profile file larger than any real one is refused unread")
    func oversizedFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID()).mobileprovision")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(ProvisioningProfile.maximumSize + 1))
        try handle.close()
        // Through a symbolic link too: the size is the file's, not the link's.
        let link = file.deletingLastPathComponent().appendingPathComponent("link-\(UUID()).mobileprovision")
        defer { try? FileManager.default.removeItem(at: link) }
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        for url in [file, link] {
            do {
                _ = try ProvisioningProfile(contentsOf: url)
                Issue.record("an oversized profile was read")
            } catch {
                #expect(error.message.contains("not read"))
            }
        }
        #expect(throws: AppManifestError.self) {
            try ProvisioningProfile(der: [UInt8](repeating: 0, count: ProvisioningProfile.maximumSize + 1))
        }
    }
}

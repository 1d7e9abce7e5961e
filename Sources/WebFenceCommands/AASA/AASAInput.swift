import AppManifest
import AssociatedDomains
import Findings
import Foundation
import Scenarios
import StrictJSON
import WebFenceCommandLine

/// Reading the inputs of `webfence aasa`: association files, domains, entitlements.
enum AASAInput {
    /// The file's bytes; an unreadable file is unusable input (exit 2).
    static func bytes(_ path: String) throws -> [UInt8] {
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw InputError(path, "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// The file as a device reads it. Invalid JSON, bytes that are not text and a file over the cap
    /// are unusable input, reported with the place.
    static func file(_ path: String) throws -> (file: AssociationFile, findings: [Finding]) {
        try file(path, bytes: bytes(path), sizeLimit: AssociationFile.maximumSize)
    }

    static func file(_ path: String, bytes: [UInt8], sizeLimit: Int?) throws -> (
        file: AssociationFile, findings: [Finding]
    ) {
        switch AssociationFile.read(bytes, sizeLimit: sizeLimit) {
        case .success(let result): return result
        case .failure(.invalidJSON(let error)):
            throw InputError(
                path, at: SourcePosition(line: error.line, column: error.column),
                "invalid JSON: \(error.message); a device denies the association")
        case .failure(let error):
            throw InputError(path, "\(error.code): \(error); a device denies the association")
        }
    }

    static func domain(_ text: String, option: String = "--domain") throws -> LinkDomain {
        guard let domain = LinkDomain(text) else {
            throw InputError(
                option, "\"\(text)\" is not a domain: give a host such as example.com (no scheme, no path)")
        }
        return domain
    }

    /// An entitlements file (plist, XML or binary, or JSON): the associated-domains entitlement,
    /// the app ID and the browser entitlement.
    static func entitlements(_ path: String) throws -> AppAssociations {
        let members: [JSONValue.Member]
        do { members = try PropertyListFile.read(URL(fileURLWithPath: path)) } catch {
            throw InputError(path, error.message)
        }
        let declarations = AppDeclarations(infoPlist: [], entitlements: members)
        // An entitlement of the wrong type cannot be signed into an app: the file is unusable.
        if let problem = declarations.problems.first {
            throw InputError(path, at: problem.pointer, "\(problem); such an entitlement cannot be signed into an app")
        }
        return AppAssociations(declarations: declarations, sites: [])
    }
}

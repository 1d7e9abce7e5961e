import AssociatedDomains
import Foundation
import Testing
import WebAddress

/// Files under Examples/aasa, read from the source tree.
enum Examples {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/aasa")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func file(_ name: String) throws -> AssociationFile {
        try read(bytes: bytes(name)).file
    }
}

/// Reads JSON text as a device would, failing the test when it cannot be read.
func read(_ json: String) throws -> (file: AssociationFile, findings: [Finding]) {
    try read(bytes: Array(json.utf8))
}

func read(bytes: [UInt8]) throws -> (file: AssociationFile, findings: [Finding]) {
    switch AssociationFile.read(bytes) {
    case .success(let result): return result
    case .failure(let error): throw error
    }
}

let appID = "ABCDE12345.com.example.app"

/// The decision for `url` against a file on example.com, for `appID`.
func decide(
    _ file: AssociationFile, _ url: String, app: String = appID, domain: String = "example.com", explain: Bool = false
)
    throws -> UniversalLinkDecision
{
    UniversalLinkMatcher(file).decide(
        try WebURL(url), domain: try #require(LinkDomain(domain)), appID: app, explain: explain)
}

/// The outcome for a file made of one details entry with `components`, optional `defaults`, and
/// optional substitution variables.
func outcome(
    components: String, defaults: String? = nil, fileDefaults: String? = nil, variables: String? = nil, _ url: String
) throws -> UniversalLinkDecision.Outcome {
    var applinks: [String] = []
    if let variables { applinks.append("\"substitutionVariables\": \(variables)") }
    if let fileDefaults { applinks.append("\"defaults\": \(fileDefaults)") }
    let entryDefaults = defaults.map { ", \"defaults\": \($0)" } ?? ""
    applinks.append("\"details\": [{\"appIDs\": [\"\(appID)\"], \"components\": \(components)\(entryDefaults)}]")
    let file = try read("{\"applinks\": {\(applinks.joined(separator: ", "))}}").file
    return try decide(file, url).outcome
}

func codes(_ findings: [Finding]) -> [String] { findings.map(\.code) }

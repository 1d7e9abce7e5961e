import AppManifest
import Foundation
import StrictJSON

/// Reads a real plist file (XML or binary; or JSON, a plist's values written as JSON) into its
/// dictionary's members, for `app.infoPlistFile`, `app.entitlementsFile`, `navigationRules` files
/// and `webfence aasa lint --entitlements`. The values are read by `AppManifest.PropertyList`.
public enum PropertyListFile {
    /// The dictionary of the property list at `url`; a file that cannot be read or is not a dictionary throws.
    public static func read(_ url: URL) throws(ScenarioError) -> [JSONValue.Member] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError("/app", "cannot read \(url.path): \(error.localizedDescription)")
        }
        switch PropertyList.readDictionary(data) {
        case .success(let read): return read.members
        case .failure(let error): throw ScenarioError("/app", "\(url.path): \(error)")
        }
    }
}

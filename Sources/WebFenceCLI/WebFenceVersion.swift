/// The version `webfence --version` prints; CHANGELOG.md has a section for each.
enum WebFenceVersion {
    static let current = "0.1.0"
}

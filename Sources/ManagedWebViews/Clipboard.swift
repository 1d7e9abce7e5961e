/// Cut or copy from a web view (§3): the data is tagged with the web view's identity.
public struct CopyDecision: Sendable, Hashable {
    /// The tag the copied data carries.
    public let identity: DataIdentity
    /// The web view's resolved identity, which the tag comes from.
    public let source: WebViewIdentity
    /// Why the data carries this tag: the rule that gave the web view its identity.
    public var rule: ManagedWebViewRule { source.rule }

    /// The decision for a copy from a web view whose resolved identity is `source`.
    public init(source: WebViewIdentity) {
        self.identity = source.identity
        self.source = source
    }
}

/// Paste into a web view (§3): allowed or refused, with the rule and a sentence saying why.
public struct PasteDecision: Sendable, Hashable {
    /// Whether the paste goes ahead.
    public let allowed: Bool
    /// The rule that decided.
    public let rule: ManagedWebViewRule
    /// The decision as a sentence naming the web view, the identities and the tenant setting.
    public let reason: String
    /// The tag of the pasted data.
    public let data: DataIdentity
    /// The length of the pasted data in characters; nil when unknown.
    public let characters: Int?
    /// The destination web view's resolved identity.
    public let destination: WebViewIdentity
}

extension ManagedApp {
    /// Cut/copy from a web view: the data is tagged with its identity.
    public func copy(from webView: String, in tree: WebViewerTree) -> CopyDecision {
        CopyDecision(source: identity(of: webView, in: tree))
    }

    /// Paste into a web view of data tagged `source`, `characters` long (nil = unknown length: the
    /// character limit cannot apply). The tenant's clipboard setting decides transfers between
    /// identities (§3's table); a `currentIdentityBlockUpload` destination refuses every paste.
    public func paste(
        _ source: DataIdentity, characters: Int?, into webView: String, in tree: WebViewerTree
    ) -> PasteDecision {
        // The tree knows an external page shown as unmanaged (§4), so this identity is the whole story.
        let destination = identity(of: webView, in: tree)
        let rule = pasteRule(source, characters: characters, destination: destination)
        return PasteDecision(
            allowed: rule.allows, rule: rule,
            reason: pasteReason(source, characters: characters, webView: webView, destination: destination, rule: rule),
            data: source, characters: characters, destination: destination)
    }

    private func pasteRule(
        _ source: DataIdentity, characters: Int?, destination: WebViewIdentity
    ) -> ManagedWebViewRule {
        guard hasManagedAccount else { return .noManagedAccount }
        // The web view's own policy is stricter than any tenant setting: it refuses even same-identity data.
        if destination.blocksUpload { return .pasteBlockedByWebViewPolicy }
        switch (source, destination.identity) {
        case (.managed, .managed), (.unmanaged, .unmanaged):
            return .pasteSameIdentity
        case (.managed, .unmanaged):
            let bySetting: ManagedWebViewRule =
                switch tenant.clipboard {
                case .blocked: .pasteManagedIntoUnmanagedBlocked
                case .policyManagedApps: .pasteManagedIntoUnmanagedPolicyManagedApps
                case .policyManagedAppsWithPasteIn: .pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn
                case .anyApp: .pasteManagedIntoUnmanagedAnyApp
                }
            // The limit lets short managed data out "when it's otherwise blocked"; when the setting
            // already allows the paste, the setting is the reason.
            if !bySetting.allows, isWithinCharacterLimit(characters) { return .pasteManagedWithinCharacterLimit }
            return bySetting
        case (.unmanaged, .managed):
            return switch tenant.clipboard {
            case .blocked: .pasteUnmanagedIntoManagedBlocked
            case .policyManagedApps: .pasteUnmanagedIntoManagedPolicyManagedApps
            case .policyManagedAppsWithPasteIn: .pasteUnmanagedIntoManagedPolicyManagedAppsWithPasteIn
            case .anyApp: .pasteUnmanagedIntoManagedAnyApp
            }
        }
    }

    private func isWithinCharacterLimit(_ characters: Int?) -> Bool {
        guard let characters, let limit = tenant.characterLimit, characters >= 0 else { return false }
        return characters <= limit
    }

    private func pasteReason(
        _ source: DataIdentity, characters: Int?, webView: String, destination: WebViewIdentity,
        rule: ManagedWebViewRule
    ) -> String {
        let length = characters.map { " (\($0) characters)" } ?? ""
        var sentence =
            "pasting \(source) data\(length) into web view \(webView), which is \(destination.identity), is "
            + (rule.allows ? "allowed" : "refused") + ": \(rule.summary)"
        // When a configured limit did not let managed data through, say why not.
        if !rule.allows, source == .managed, destination.identity == .unmanaged, let limit = tenant.characterLimit {
            if let characters {
                sentence += "; \(characters) characters exceed the cut and copy character limit of \(limit)"
            } else {
                sentence += "; the length is unknown, so the cut and copy character limit of \(limit) cannot apply"
            }
        }
        if rule == .pasteManagedWithinCharacterLimit, let limit = tenant.characterLimit {
            sentence += " (limit \(limit), setting \(tenant.clipboard.settingName))"
        }
        return sentence
    }
}

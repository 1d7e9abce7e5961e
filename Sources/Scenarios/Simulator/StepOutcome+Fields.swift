import AppBound
import ManagedWebViews
import StrictJSON
import WebFenceNavigation

extension StepOutcome {
    /// The outcome fields in the order spec/interfaces.md §1 lists them: what `expect` compares and
    /// `--format json` prints.
    public var fields: [JSONValue.Member] {
        switch self {
        case .navigation(let outcome): outcome.fields
        case .changed: []
        case .javaScript(let evaluation):
            members(
                ("result", .string(evaluation.error == nil ? "ok" : "failed")),
                ("error", evaluation.error.map { .int($0.code) } ?? .null),
                ("rule", .string(evaluation.decision.rule.code)))
        case .userScriptFrames(let frames): members(("frames", .array(frames.map { .string($0) })))
        case .styleSheet(let decision, let hasSheet, let hasDocument):
            members(
                ("applied", .bool(hasSheet && hasDocument && decision.allowed)), ("rule", .string(decision.rule.code)))
        case .message(let decision):
            members(("delivered", .bool(decision.allowed)), ("rule", .string(decision.rule.code)))
        case .cookieSet(let admission):
            members(("stored", .bool(admission.admitted)), ("rule", .string(admission.rule.code)))
        case .cookies(let visible, _, _): members(("cookies", .array(visible.map { .string($0) })))
        case .cookieDeleted(let deleted): members(("deleted", .bool(deleted)))
        case .serviceWorker(let decision):
            members(("result", .string(decision.result.rawValue)), ("rule", .string(decision.rule.code)))
        case .webViewState(let url, let mainFrame, let state):
            members(
                ("url", .string(url?.href)), ("appBound", Simulator.json(mainFrame)),
                ("forcedAppBoundMode", .bool(state.forcedAppBoundMode)), ("limits", .bool(state.limits)),
                ("usedRestrictedAPIBeforeNavigation", .bool(state.usedRestrictedAPIBeforeNavigation)))
        case .trackingPrevention(let status):
            members(
                ("enabled", .bool(status.enabled)), ("settingsSwitchShown", .bool(status.settingsSwitchShown)),
                ("rule", .string(status.rule.code)))
        case .appBoundDomains(let domains, let schemes, _):
            members(("domains", .array(domains.map { .string($0) })), ("schemes", .array(schemes.map { .string($0) })))
        case .universalLink(let opening):
            members(
                ("opens", .string(opening.opensApp ? "app" : "browser")), ("appID", .string(opening.appID)),
                ("rule", .string(opening.decision?.rule?.pointer)),
                ("decision", .string(opening.decision?.outcome.rawValue)), ("reason", .string(opening.reason)))
        case .copy(let decision):
            members(("identity", .string(decision.identity.rawValue)), ("rule", .string(decision.rule.code)))
        case .paste(let decision):
            members(
                ("allowed", .bool(decision.allowed)), ("reason", .string(decision.reason)),
                ("rule", .string(decision.rule.code)))
        case .upload(let decision):
            members(("allowed", .bool(decision.allowed)), ("rule", .string(decision.rule.code)))
        case .bridgeCall(let call):
            call.direction == .pageToNative
                ? members(
                    ("result", .string(call.resultName)), ("rule", .string(call.rule)),
                    ("symptom", .string(call.symptom)))
                : members(
                    ("result", .string(call.resultName)), ("error", call.error.map { .int($0.code) } ?? .null),
                    ("rule", .string(call.rule)), ("symptom", .string(call.symptom)))
        }
    }

    /// The value of one outcome field, or nil when the outcome has no such field.
    public func field(_ name: String) -> JSONValue? {
        fields.first { $0.key == name }?.value
    }

    private func members(_ pairs: (String, JSONValue)...) -> [JSONValue.Member] {
        pairs.map { JSONValue.Member($0.0, $0.1) }
    }
}

extension NavigationOutcome {
    /// The fields of every navigation outcome, in the order of spec/interfaces.md §1.
    public static let fieldNames = [
        "result", "error", "appBound", "forcedAppBoundMode", "decidedBy", "rule", "url", "openedURL",
    ]

    /// The `result` field: what became of the navigation.
    public var result: String {
        switch verdict.result {
        case .allow: "committed"
        case .download: "download"
        case .cancel: "cancelled"
        case .fail: "failed"
        case .openExternally: "openedExternally"
        case .openInManagedBrowser: "openedInManagedBrowser"
        }
    }

    /// The URL opened outside the app, if the navigation went there.
    public var openedURL: String? {
        switch verdict.result {
        case .openExternally(let url): url.href
        case .openInManagedBrowser(let target): target
        case .allow, .download, .cancel, .fail: nil
        }
    }

    /// The error the navigation failed with.
    public var error: WKError? {
        if case .fail(let error, _) = verdict.result { return error }
        return nil
    }

    var fields: [JSONValue.Member] {
        [
            JSONValue.Member("result", .string(result)),
            JSONValue.Member("error", error.map { .int($0.code) } ?? .null),
            JSONValue.Member("appBound", verdict.allows ? Simulator.json(frameState) : .null),
            JSONValue.Member("forcedAppBoundMode", .bool(forcedAppBoundMode)),
            JSONValue.Member("decidedBy", .string(verdict.decidedBy.rawValue)),
            JSONValue.Member("rule", .string(verdict.ruleCode)),
            JSONValue.Member("url", .string(frameURL?.href)),
            JSONValue.Member("openedURL", .string(openedURL)),
        ]
    }
}

import AppBound

/// The first stage: what the app's own `decidePolicyFor navigationAction` answered. WebFence does
/// not run the app's code; the caller passes its answer (a scenario step's `delegate` key, or the
/// answer an app computed before asking the pipeline).
public enum DelegateAnswer: String, Sendable, Hashable, CaseIterable {
    /// `.allow`: the next stages decide.
    case allow
    /// `.cancel`: nothing else runs and nothing fails; the frame stays where it was.
    case cancel
    /// `.download`: the navigation becomes a download; the page's app-bound state resets to none
    /// (decision D23).
    case download

    /// The rule a cancel or a download is reported under; nil for `allow`, which decides nothing.
    public var rule: AppBoundRule? {
        switch self {
        case .allow: nil
        case .cancel: .delegateCancelled
        case .download: .delegateDownload
        }
    }
}

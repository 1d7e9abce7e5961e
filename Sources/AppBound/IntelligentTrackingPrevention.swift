/// Intelligent Tracking Prevention in an app's web views (§7).
public enum IntelligentTrackingPrevention {
    /// Whether ITP is on and whether Settings shows its switch.
    public struct Status: Sendable, Hashable {
        /// ITP is on for every web view of the app.
        public let enabled: Bool
        /// The app's Settings page shows "Allow Cross-Website Tracking".
        public let settingsSwitchShown: Bool
        /// The rule that decided.
        public let rule: AppBoundRule
    }

    /// ITP is on by default; `NSCrossWebsiteTrackingUsageDescription` or the browser entitlement
    /// shows a switch, and only the user turning it on (no API can) turns ITP off. App-bound
    /// domains do not relax third-party cookie blocking between listed domains.
    public static func status(app: AppBoundApp, userAllowsCrossWebsiteTracking: Bool) -> Status {
        let switchShown = app.declaresCrossWebsiteTracking || app.isBrowser
        return Status(
            enabled: !(switchShown && userAllowsCrossWebsiteTracking), settingsSwitchShown: switchShown,
            rule: switchShown ? .itpSwitchShown : .itpAlwaysOn)
    }
}

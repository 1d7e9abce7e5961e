import CWebKitGTK
import HybridFrameworks

/// How a navigation started (`WKNavigationType`), as a framework's delegate reads it.
public typealias NavigationType = FrameworkNavigationAction.NavigationType

extension NavigationType {
    /// WebKitGTK's `WebKitNavigationType` for the same thing.
    init(webKit type: Int32) {
        switch UInt32(type) {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED.rawValue: self = .link
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED.rawValue: self = .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD.rawValue: self = .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD.rawValue: self = .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED.rawValue: self = .formResubmitted
        default: self = .other
        }
    }
}

// WebFence composes the policy targets into one app model; importing it brings the URL layer too.
@_exported import HybridFrameworks
@_exported import ManagedWebViews
@_exported import NavigationRules
@_exported import StrictJSON
@_exported import WebAddress
@_exported import WebFenceNavigation

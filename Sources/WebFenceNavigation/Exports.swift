// The pipeline's API is made of these targets' types (the gate's decision, the rules' decision,
// the managed-web-view decision, URLs): importing WebFenceNavigation brings them too.
@_exported import AppBound
@_exported import HybridFrameworks
@_exported import ManagedWebViews
@_exported import NavigationRules
@_exported import WebAddress

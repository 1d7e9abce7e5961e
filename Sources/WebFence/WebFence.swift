// The umbrella: `import WebFence` brings every library module for a program that wants them all
// (an app's tests, a script, a playground). Each target of this package imports the modules it
// uses by name instead; an iOS app that wants only the navigation pipeline imports
// `WebFenceNavigation` and the policy modules whose types it names. The HTTP client
// (`WebFenceNetwork`, `RemoteRules`) is left out: it is a product of its own.
@_exported import AppBound
@_exported import AppManifest
@_exported import AssociatedDomains
@_exported import AssociationFetchCore
@_exported import Audit
@_exported import FindingReports
@_exported import Findings
@_exported import HybridFrameworks
@_exported import ManagedWebViews
@_exported import NavigationRules
@_exported import Scenarios
@_exported import StrictJSON
@_exported import StrictXML
@_exported import TauriProjects
@_exported import WebAddress
@_exported import WebFenceNavigation

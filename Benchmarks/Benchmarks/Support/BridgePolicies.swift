// WebFence's bridge policies for the inputs of FrameworkInputs.swift, and the check that each peer
// answers as WebFence does: shared by Benchmarks/FrameworkBridge and InstructionCounts.

import HybridFrameworks
import StrictJSON
import WebAddress

/// flutter_inappwebview 6.2.0-beta.3 with the two lists of `flutterPageList` and `flutterHandlerList`.
public let flutterBridgePolicy: BridgePolicy = {
    let configuration = JSONValue.object([
        .init("javaScriptBridgeOriginAllowList", .array(flutterPageList.map(JSONValue.string))),
        .init("javaScriptHandlersOriginAllowList", .array(flutterHandlerList.map(JSONValue.string))),
    ])
    return try! BridgePolicy.read(framework: "flutter-inappwebview", version: nil, configuration: configuration, at: "")
}()

/// Tauri 2 (the latest release WebFence follows) with `tauriConfiguration`.
public let tauriBridgePolicy: BridgePolicy = try! BridgePolicy.read(
    framework: "tauri", version: nil, configuration: JSONParser.parse(tauriConfiguration), at: "")

/// Stops the run unless each peer lets through exactly the calls WebFence accepts: otherwise the
/// comparison would measure different work.
public func checkBridgePeers(flutter: RegexFlutterBridgeCheck, tauri: URLPatternTauriAccess) {
    for text in frameworkURLs {
        let url = try! WebURL(text)
        let flutterAccepts = try! flutterBridgePolicy.decide(url, isMainFrame: true).accepted
        precondition(flutterAccepts == flutter.accepts(text), "flutter peer differs: \(text)")
        let tauriAccepts = try! tauriBridgePolicy.decide(url, isMainFrame: true, command: tauriCommand).accepted
        precondition(tauriAccepts == tauri.allows(text, window: "main"), "tauri peer differs: \(text)")
    }
}

// fenced-shop: the example app of the WebKitGTK integration. A shop on an app-bound domain in a
// WebKitGTK web view governed by WebFence: its message handler works, and a link off the app-bound
// domains is refused with WKError 13 while the page stays. Needs a display (xvfb-run -a).

import CWebKitGTK
import Foundation

let usage = """
    usage: fenced-shop [--check | --demo-screenshot PATH]
      Opens a window on Loopback Goods, https://shop.example/, served on 127.0.0.1 (nothing leaves the
      machine) in a web view of an app whose WKAppBoundDomains is ["shop.example"], with
      limitsNavigationsToAppBoundDomains on. "Add to cart" posts to the app's "cart" message handler;
      "See partner offers" goes to https://tracker.example/, which WebFence refuses.

      (no option)             the window, for you to use; close it to quit
      --check                 clicks "Add to cart" twice and follows the partner link by itself, then
                              checks that the handler received both messages, that the navigation failed
                              with WKError 13 and that no request reached tracker.example.
                              Exit 0: every check held; 1: one did not, or something timed out
      --demo-screenshot PATH  the same, then saves a PNG of the window to PATH
      --help                  this text

      Under a virtual display: xvfb-run -a -s "-screen 0 1280x900x24" fenced-shop --check
    """

enum Mode {
    case interactive, check
    case screenshot(String)
}

func mode(from arguments: [String]) -> Mode? {
    if arguments.isEmpty { return .interactive }
    if arguments == ["--check"] { return .check }
    if arguments.count == 2, arguments[0] == "--demo-screenshot", !arguments[1].hasPrefix("-") {
        return .screenshot(arguments[1])
    }
    return nil
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("fenced-shop: \(message)\n".utf8))
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print(usage)
    exit(0)
}
guard let mode = mode(from: arguments) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

MainActor.assumeIsolated {
    guard gtk_init_check() != 0 else { fail("cannot open a display; run under xvfb-run -a", code: 2) }
    let sites: ShopSites
    let app: ShopApp
    do {
        sites = try ShopSites()
        app = try ShopApp(sites: sites)
    } catch {
        fail("\(error)", code: 2)
    }
    // exit() runs no defer: the proxy is stopped on each way out.
    func finish(_ code: Int32, failure: String? = nil) -> Never {
        sites.stop()
        if let failure { fail(failure, code: code) }
        exit(code)
    }

    if case .interactive = mode {
        app.start()
        Waiting.whileWindowsOpen()
        finish(0)
    }
    let demo = Demo(app: app, sites: sites)
    var stopped: String?
    do {
        try demo.run()
    } catch {
        stopped = "\(error)"
    }
    // Checked even after a timeout: the list says what did happen.
    let checks = demo.checks()
    for check in checks { print("\(check.passed ? "  ok  " : "  FAIL") \(check.text)") }
    let failed = checks.filter { !$0.passed }.count
    print(failed == 0 ? "all \(checks.count) checks held" : "\(failed) of \(checks.count) checks failed")
    // A failed run's window is no picture of the example.
    if let stopped { finish(1, failure: stopped) }
    if failed > 0 { finish(1) }
    if case .screenshot(let path) = mode {
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        guard app.window.savePNG(to: path) else { finish(1, failure: "could not save the screenshot to \(path)") }
        print("screenshot: \(path)")
    }
    finish(0)
}

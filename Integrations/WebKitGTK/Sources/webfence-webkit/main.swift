// webfence-webkit: scenario files replayed in real WebKitGTK web views governed by WebFence,
// compared with `webfence simulate` step by step. Run under a display (xvfb-run -a).

import CWebKitGTK
import Foundation
import WebKitParity

let usage = """
    usage: webfence-webkit parity [--format text|json] FILE...
           webfence-webkit bypass
      Replays each scenario in real web views behind loopback sites (an HTTP proxy on 127.0.0.1
      that terminates TLS with a certificate made at run time) and prints, step by step, the
      simulator's outcome next to the engine's. Exit 0: every compared step agrees; 1: a step
      differs; 2: bad input.

      bypass: the navigation-rules spec's bypass attempts (backslash and userinfo in location,
      window.open, meta refresh, form posts, redirect chains, iframes...), driven from a page's
      own JavaScript under navigation rules and under App-Bound Domains. Exit 0: every attempt
      caught and every control through; 1: otherwise.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["bypass"] {
    MainActor.assumeIsolated {
        gtk_init()
        do {
            let results = try BypassAttempts.run { FileHandle.standardError.write(Data("trying \($0)\n".utf8)) }
            print(BypassOutput.text(results))
            exit(results.allSatisfy(\.passed) ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("webfence-webkit: \(error)\n".utf8))
            exit(2)
        }
    }
}
guard arguments.first == "parity" else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
arguments.removeFirst()
var format = "text"
if let at = arguments.firstIndex(of: "--format"), at + 1 < arguments.count {
    format = arguments[at + 1]
    arguments.removeSubrange(at...(at + 1))
}
guard !arguments.isEmpty, ["text", "json"].contains(format), !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

MainActor.assumeIsolated {
    gtk_init()
    let report: ParityReport
    do {
        report = try ParityRunner.run(files: arguments) { name in
            if format == "text" { FileHandle.standardError.write(Data("replaying \(name)\n".utf8)) }
        }
    } catch {
        FileHandle.standardError.write(Data("webfence-webkit: \(error)\n".utf8))
        exit(2)
    }
    print(format == "json" ? ParityOutput.json(report) : ParityOutput.text(report))
    exit(report.differingSteps == 0 ? 0 : 1)
}

// Auditing an app whose executable is 100 MB (issue 6: under 2 s, reading only what is needed).
//
// One op audits ShopApp.app (Examples/apps' app, its executable made 100 MB: the header at the start,
// the code signature at the end, a sparse hole between): Info.plist, the Mach-O headers and the
// signature's entitlement blobs, the profile, then every policy's report. The baseline reads the
// executable whole into memory first, as a reader without random access must, then finds the
// signature in the bytes.

import AppFixtures
import AppManifest
import Audit
import Benchmark
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 200
    )
    let size = 100 * 1_048_576
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-benchmark-audit")
    var app = ExampleApps.all[1]
    if case .fat(let slices, _) = app.executable, let first = slices.first {
        app.executable = .large(first, size: size)
    }
    guard let bundle = try? app.write(in: directory) else { preconditionFailure("AppAudit: cannot write the app") }
    let executable = bundle.appendingPathComponent(app.name)

    Benchmark("Audit ShopApp.app, 100 MB executable (WebFence: reads what it needs)") { benchmark in
        for _ in benchmark.scaledIterations {
            let files = try AppFiles.read(at: bundle, displayPath: "ShopApp.app")
            blackHole(files.apps.map { AppAudit($0) })
        }
    }

    // The same app as an .ipa: the executable must be inflated (or, stored, copied) to be read, so
    // here every byte of it passes through the CRC check and the temporary folder.
    for deflated in [false, true] {
        let archive = directory.appendingPathComponent(deflated ? "Shop-deflated.ipa" : "Shop-stored.ipa")
        guard
            let info = try? Data(contentsOf: bundle.appendingPathComponent("Info.plist")),
            let profile = try? Data(contentsOf: bundle.appendingPathComponent("embedded.mobileprovision")),
            let code = try? Data(contentsOf: executable),
            let bytes = try? ZipBuilder.ipa(
                app: "ShopApp.app", infoPlist: info,
                files: [("ShopApp", code), ("embedded.mobileprovision", profile)], deflated: deflated),
            (try? bytes.write(to: archive)) != nil
        else { preconditionFailure("AppAudit: cannot write the .ipa") }
        Benchmark("Audit Shop.ipa, 100 MB executable \(deflated ? "deflated" : "stored") (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                let files = try AppFiles.read(at: archive, displayPath: "Shop.ipa")
                blackHole(files.apps.map { AppAudit($0) })
            }
        }
    }

    Benchmark("Read the 100 MB executable whole, then its signature (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            let bytes = try [UInt8](Data(contentsOf: executable))
            blackHole(try MachOExecutable.read(MemoryBytes(bytes), path: "ShopApp"))
        }
    }
}

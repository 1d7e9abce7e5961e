// Registrable domain (eTLD+1) lookup: WebAddress's PublicSuffixList beside libpsl (the C library
// curl and wget use; the same list, in libpsl's DAFSA form and as text) and the naive
// implementation most code has, in one run.
//
// One benchmark iteration is one pass over the 50 hosts of BenchmarkSupport/Hosts.swift, so "per
// op" in the results means "per 50 lookups". Every implementation gets the same canonical ASCII
// hosts, as a parsed URL carries them; setup checks that all give the same answer for every host.

import Benchmark
import BenchmarkSupport
import Foundation
import WebAddress

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )

    // Hosts as a parsed URL carries them: lowercase ASCII, IDNA applied.
    let hosts: [WebAddress.URLHost] = hostInputs.map { input in
        guard let url = try? WebURL("https://\(input)/"), let host = url.host, case .domain = host else {
            fatalError("RegistrableDomain: \(input) does not parse as a domain")
        }
        return host
    }
    let asciiHosts: [String] = hosts.map(\.description)

    let naive = NaivePublicSuffixList(text: BenchmarkPaths.text(BenchmarkPaths.publicSuffixList))
    let bundled = PublicSuffixList.bundled  // builds the table now, not in the first iteration
    let libpsl = LibPSL(.dafsa)
    let libpslText = LibPSL(.text)
    let cHosts = asciiHosts.map { UnsafePointer(strdup($0)!) }

    // The comparison is fair only if all answer the same.
    for (host, ascii) in zip(hosts, asciiHosts) {
        let expected = bundled.registrableDomain(of: host)
        for (name, got) in [
            ("the baseline", naive.registrableDomain(of: ascii)),
            ("libpsl (DAFSA)", libpsl.registrableDomain(of: ascii)),
            ("libpsl (text)", libpslText.registrableDomain(of: ascii)),
            ("WebAddress from text", bundled.registrableDomain(of: ascii)),
        ] {
            precondition(
                expected == got,
                "RegistrableDomain: \(ascii): WebAddress says \(expected ?? "nil"), \(name) says \(got ?? "nil")")
        }
    }

    Benchmark("Registrable domain of 50 hosts: PublicSuffixList.bundled") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in hosts {
                blackHole(bundled.registrableDomain(of: host))
            }
        }
    }

    // The same lookup from host text (configuration files, allowlists): parses the host first.
    Benchmark("Registrable domain of 50 hosts: PublicSuffixList.bundled, String input") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in asciiHosts {
                blackHole(bundled.registrableDomain(of: host))
            }
        }
    }

    Benchmark("Registrable domain of 50 hosts: libpsl, DAFSA (peer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in cHosts {
                blackHole(libpsl.registrableDomain(host))
            }
        }
    }

    Benchmark("Registrable domain of 50 hosts: libpsl, list as text (peer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in cHosts {
                blackHole(libpslText.registrableDomain(host))
            }
        }
    }

    Benchmark("Registrable domain of 50 hosts: naive Set<String> (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in asciiHosts {
                blackHole(naive.registrableDomain(of: host))
            }
        }
    }
}

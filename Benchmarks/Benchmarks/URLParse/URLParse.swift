// URL parsing: WebAddress's WebURL beside Foundation's URL and ada (the C++ WHATWG parser inside
// Node.js), on the same 50 URLs (BenchmarkSupport/URLMix.swift), in one run.
//
// One benchmark iteration is one pass over the whole mix, so "per op" in the results means "per 50
// URLs". Relative inputs are parsed against `baseString` by every parser, each with its base parsed
// once. ada is loaded from what Peers/build.sh builds (PyPI's ada-url sources); the run stops,
// saying so, when it is missing. Instruction counts come from instructions.sh.

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

    guard let webBase = try? WebURL(baseString), let foundationBase = URL(string: baseString) else {
        fatalError("URLParse: the base URL \(baseString) does not parse")
    }
    let inputs = urlMix.map(\.input)
    let relative = urlMix.map(\.relative)
    // Every input must be valid for every parser, so the benchmark measures parsing, not error paths.
    for index in inputs.indices {
        precondition(
            (try? WebURL(inputs[index], base: relative[index] ? webBase : nil)) != nil,
            "URLParse: WebURL rejects \(inputs[index])")
    }
    let ada = Ada()
    let adaBase = ada.parseBase(baseString)
    let adaInputs = inputs.map { input in
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.utf8.count)
        _ = bytes.initialize(from: input.utf8)
        return UnsafeBufferPointer(bytes)
    }
    for index in inputs.indices {
        precondition(
            ada.parse(adaInputs[index], base: relative[index] ? adaBase : nil) != nil,
            "URLParse: ada rejects \(inputs[index])")
    }

    Benchmark("Parse 50 URLs: WebURL") { benchmark in
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole(try? WebURL(inputs[index], base: relative[index] ? webBase : nil))
            }
        }
    }

    Benchmark("Parse 50 URLs: Foundation URL (peer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole(URL(string: inputs[index], relativeTo: relative[index] ? foundationBase : nil))
            }
        }
    }

    Benchmark("Parse 50 URLs: ada 4.0 (peer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole(ada.parse(adaInputs[index], base: relative[index] ? adaBase : nil))
            }
        }
    }

    // What an allowlist does with each navigation: parse, then take the host.
    Benchmark("Host of 50 URLs: WebURL.host") { benchmark in
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole((try? WebURL(inputs[index], base: relative[index] ? webBase : nil))?.host)
            }
        }
    }

    Benchmark("Host of 50 URLs: Foundation URL.host (peer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole(URL(string: inputs[index], relativeTo: relative[index] ? foundationBase : nil)?.host)
            }
        }
    }

    Benchmark("Host of 50 URLs: ada hostname (peer)") { benchmark in
        let output = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 512)
        for _ in benchmark.scaledIterations {
            for index in inputs.indices {
                blackHole(ada.hostname(adaInputs[index], base: relative[index] ? adaBase : nil, into: output))
            }
        }
    }
}

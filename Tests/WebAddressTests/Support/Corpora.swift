import Foundation
import Testing

/// The public conformance corpora in Tests/Corpora (their sources and licences are in its README).
/// `WEBFENCE_TESTDATA` names another folder of the same layout, e.g. with newer copies.
enum Corpora {
    static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["WEBFENCE_TESTDATA"] {
            return URL(fileURLWithPath: override)
        }
        // Tests/WebAddressTests/Support/Corpora.swift → Tests/Corpora
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpora")
    }()

    static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    /// The JSON array in `relativePath`, or an empty array when it cannot be read (the corpus
    /// summary tests then fail, saying so).
    static func jsonArray(_ relativePath: String) -> [Any] {
        guard let data = try? Data(contentsOf: url(relativePath)),
            let array = try? JSONSerialization.jsonObject(with: replacingLoneSurrogateEscapes(data)) as? [Any]
        else { return [] }
        return array
    }

    /// Rewrites `\uD800`-style escapes of unpaired surrogates as `\uFFFD`. Foundation refuses them;
    /// a browser turns them into U+FFFD when the string reaches `new URL()` (USVString conversion),
    /// so this is what the tests mean.
    static func replacingLoneSurrogateEscapes(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        func escape(at index: Int) -> UInt16? {
            guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                let value = UInt16(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
            else { return nil }
            return value
        }
        var index = 0
        var previousWasHigh = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(bytes[index])
                previousWasHigh = false
                index += 1
                continue
            }
            guard let unit = escape(at: index) else {
                // Another escape such as \\ or \": copy both bytes so the second is not read as an escape.
                output.append(contentsOf: bytes[index...index + 1])
                previousWasHigh = false
                index += 2
                continue
            }
            let isHigh = (0xD800...0xDBFF).contains(unit)
            let isLow = (0xDC00...0xDFFF).contains(unit)
            let nextIsLow = escape(at: index + 6).map { (0xDC00...0xDFFF).contains($0) } ?? false
            if (isHigh && !nextIsLow) || (isLow && !previousWasHigh) {
                output.append(contentsOf: Array("\\uFFFD".utf8))
            } else {
                output.append(contentsOf: bytes[index..<index + 6])
            }
            previousWasHigh = isHigh && nextIsLow
            index += 6
        }
        return Data(output)
    }

    static func text(_ relativePath: String) -> String? {
        try? String(contentsOf: url(relativePath), encoding: .utf8)
    }
}

/// Makes control characters and invisible code points readable in test names.
func escapedForDisplay(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || scalar.properties.generalCategory == .format
        {
            output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}

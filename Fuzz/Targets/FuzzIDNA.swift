// Fuzz target `idna`: WebAddress's UTS #46 (Swift, Unicode 16.0.0 tables) against ICU's, the IDNA
// library browser engines use. ICU is linked into this target only, as the reference: WebAddress
// itself links nothing but the standard library. The toolchain's ICU (lib_FoundationICU, ICU 76)
// carries Unicode 16.0 data, the same version as WebAddress's tables.
//
// Input: arbitrary bytes, given to both as UTF-8 (ill-formed sequences are errors in both).
//
// Checks: ToASCII succeeds in both or fails in both, with the same ASCII result; ToUnicode finds an
// error in both or in neither, with the same Unicode result when neither does. Both run with
// CheckBidi as UTS #46 defines it (every label of a Bidi domain name), CheckJoiners on,
// nontransitional; CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off. ICU cannot turn off
// its hyphen and length checks, so those error bits are ignored (as Chromium and WebKit do).
// Fuzz/README.md lists what ICU does differently by design, which the checks allow for by name.

import _FoundationICU

private final class ICUProcessor: @unchecked Sendable {
    let idna: OpaquePointer?
    init() {
        var status = U_ZERO_ERROR
        let options =
            UInt32(UIDNA_CHECK_BIDI) | UInt32(UIDNA_CHECK_CONTEXTJ) | UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII)
            | UInt32(UIDNA_NONTRANSITIONAL_TO_UNICODE)
        let opened = swift_uidna_openUTS46(options, &status)
        idna = status.rawValue <= U_ZERO_ERROR.rawValue ? opened : nil
    }
}

private let processor = ICUProcessor()

/// What ICU checks that the compared options turn off: hyphens and DNS lengths (with empty labels).
private let ignoredICUErrors: UInt32 =
    UInt32(UIDNA_ERROR_EMPTY_LABEL) | UInt32(UIDNA_ERROR_LABEL_TOO_LONG) | UInt32(UIDNA_ERROR_DOMAIN_NAME_TOO_LONG)
    | UInt32(UIDNA_ERROR_LEADING_HYPHEN) | UInt32(UIDNA_ERROR_TRAILING_HYPHEN) | UInt32(UIDNA_ERROR_HYPHEN_3_4)

private typealias Conversion = (
    OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, Int32, UnsafeMutablePointer<UIDNAInfo>?,
    UnsafeMutablePointer<UErrorCode>?
) -> Int32

/// ICU's answer: the output bytes and its error bits (less the ignored ones); nil when ICU itself
/// failed (no memory, an input too long for its 32-bit lengths).
private func icu(_ input: [UInt8], _ conversion: Conversion) -> (output: [UInt8], errors: UInt32)? {
    guard let idna = processor.idna, input.count < Int(Int32.max) / 4 else { return nil }
    var capacity = max(64, input.count * 4)
    while true {
        var status = U_ZERO_ERROR
        var info = UIDNAInfo(
            size: Int16(MemoryLayout<UIDNAInfo>.size), isTransitionalDifferent: 0, reservedB3: 0, errors: 0,
            reservedI2: 0,
            reservedI3: 0)
        var output = [CChar](repeating: 0, count: capacity)
        let length = input.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: CChar.self) {
                conversion(idna, $0.baseAddress, Int32($0.count), &output, Int32(capacity), &info, &status)
            }
        }
        if status == U_BUFFER_OVERFLOW_ERROR, Int(length) > capacity {
            capacity = Int(length) + 1
            continue
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return (output[0..<Int(length)].map { UInt8(bitPattern: $0) }, info.errors & ~ignoredICUErrors)
    }
}

/// The options WebAddress runs with for the comparison: ICU's, less what ICU cannot turn off.
private let options = UTS46.Options(
    checkHyphens: false, checkBidi: .bidiDomainName, checkJoiners: true, useSTD3ASCIIRules: false,
    transitionalProcessing: false, verifyDNSLength: false)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIDNA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    // Labels of thousands of code points make ICU quadratic; the long-label paths have their own tests.
    guard bytes.count <= 1024 else { return 0 }

    // ToASCII.
    let swift = bytes.withUnsafeBufferPointer { UTS46.toASCII(utf8: $0, options: options) }
    // ICU must answer: a reference that fails would make every check pass.
    guard let reference = icu(bytes, swift_uidna_nameToASCII_UTF8) else { Fuzz.fail("ICU answers", "ICU failed") }
    do {
        let icuResult = reference.errors == 0 ? String(decoding: reference.output, as: UTF8.self) : nil
        let swiftResult = try? swift.get()
        Fuzz.check(
            swiftResult == icuResult, "ToASCII: Swift and ICU agree",
            "Swift: \(swift)\nICU: "
                + (icuResult.map { $0.debugDescription } ?? "errors \(String(reference.errors, radix: 16))")
        )
    }

    // ToUnicode.
    let text = String(decoding: bytes, as: UTF8.self)
    let unicode = UTS46.toUnicode(text, options: options)
    guard let reference = icu(bytes, swift_uidna_nameToUnicodeUTF8) else { Fuzz.fail("ICU answers", "ICU failed") }
    do {
        Fuzz.check(
            unicode.errors.isEmpty == (reference.errors == 0), "ToUnicode: Swift and ICU find errors alike",
            "Swift: \(unicode.errors)\nICU: errors \(String(reference.errors, radix: 16))")
        if unicode.errors.isEmpty, reference.errors == 0 {
            let icuText = String(decoding: reference.output, as: UTF8.self)
            Fuzz.check(
                unicode.domain == icuText, "ToUnicode: Swift and ICU give the same domain",
                "Swift: \(unicode.domain.debugDescription)\nICU: \(icuText.debugDescription)")
        }
    }
    return 0
}

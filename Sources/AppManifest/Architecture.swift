/// Architecture names from a Mach-O CPU type and subtype (`<mach/machine.h>`), as `lipo` and
/// Xcode write them.
enum Architecture {
    static let abi64: UInt32 = 0x0100_0000
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (named as <mach/machine.h> names CPU_ARCH_ABI64_32)
    static let abi64_32: UInt32 = 0x0200_0000
    static let arm: UInt32 = 12
    static let x86: UInt32 = 7

    static func name(cpuType: UInt32, cpuSubtype: UInt32) -> String {
        // The subtype's top byte holds capability bits (arm64e's pointer-authentication ABI version).
        let subtype = cpuSubtype & 0x00ff_ffff
        switch (cpuType, subtype) {
        case (abi64 | arm, 0), (abi64 | arm, 1): return "arm64"
        case (abi64 | arm, 2): return "arm64e"
        case (abi64_32 | arm, 1): return "arm64_32"
        case (abi64 | x86, 3): return "x86_64"
        case (abi64 | x86, 8): return "x86_64h"
        case (arm, 9): return "armv7"
        case (arm, 11): return "armv7s"
        case (arm, 12): return "armv7k"
        case (arm, 6): return "armv6"
        case (x86, 3): return "i386"
        default: return "cpu \(hex32(cpuType)) subtype \(hex32(cpuSubtype))"
        }
    }
}

/// Rows of pixels the pixel kernels are compared over, made here once: written as one
/// expression each, Swift 6.2.3's type checker (the arm64 build's) gives up on them.
enum TestPixels {
    /// Every alpha, 0–255, each with colour channels that vary with it.
    static let everyAlpha: [UInt32] = (UInt32(0)...255).map { a in
        let red: UInt32 = (a * 7 % (a + 1)) << 16
        let green: UInt32 = (a / 2) << 8
        return a << 24 | red | green | a / 3
    }

    /// `count` opaque pixels of scattered colours.
    static func opaque(_ count: Int) -> [UInt32] {
        (0..<count).map { i in 0xFF00_0000 | UInt32(i * 40_503 & 0xFF_FFFF) }
    }

    /// `count` pixels of other scattered colours, cut to `mask`, over `base`.
    static func scattered(_ count: Int, base: UInt32 = 0xFF00_0000, mask: Int = 0xFF_FFFF) -> [UInt32] {
        (0..<count).map { i in base | UInt32(i * 2_654_435_761 & mask) }
    }
}

import Testing

@testable import FlipClockOutput

/// RGB565, which small Raspberry Pi panels use: the top 5, 6 and 5 bits of each channel.
@Suite struct FramebufferFormatTests {
    @Test func rgb565KeepsTheTopBitsOfEveryChannel() {
        for v in UInt32(0)...255 {
            #expect(FBDevOutput.rgb565(0xFF00_0000 | v << 16) == UInt16(v >> 3) << 11)
            #expect(FBDevOutput.rgb565(0xFF00_0000 | v << 8) == UInt16(v >> 2) << 5)
            #expect(FBDevOutput.rgb565(0xFF00_0000 | v) == UInt16(v >> 3))
        }
        #expect(FBDevOutput.rgb565(0xFFFF_FFFF) == 0xFFFF)
        #expect(FBDevOutput.rgb565(0xFF0E_0E10) == 0x0862)
    }
}

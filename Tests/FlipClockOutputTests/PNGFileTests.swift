import FlipClockCore
import FlipClockOutput
import Foundation
import Testing

/// A PNG made in memory is the file's bytes, and reads back as the canvas.
@Suite struct PNGFileTests {
    @Test func aPNGMadeInMemoryIsTheFileWrittenAndReadsBack() throws {
        var canvas = Canvas(width: 97, height: 31, fill: 0xFF12_3456)
        for i in stride(from: 0, to: canvas.pixels.count, by: 7) { canvas.pixels[i] = 0xFF00_0000 | UInt32(i * 2_654_435_761 & 0xFF_FFFF) }
        let path = NSTemporaryDirectory() + "flipclock-encode-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(canvas, to: path)
        let bytes = try PNGFile.encode(canvas, name: "snapshot")
        #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try PNGFile.read(path) == canvas)
    }
}

import FlipClockCore
import FlipClockOutput
import Foundation
import Testing

/// Committed reference images, compared exactly.
///
/// Set `FLIPCLOCK_RECORD_GOLDENS=1` to write new ones: the recording run fails, so a new
/// baseline is never accepted silently; look at the images, then run the tests again.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

    static var recording: Bool { ProcessInfo.processInfo.environment["FLIPCLOCK_RECORD_GOLDENS"] == "1" }

    static func check(_ canvas: Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = "\(directory)/\(name).png"
        if recording {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNGFile.write(canvas, to: path)
            Issue.record("recorded golden \(path); look at it, then run again without FLIPCLOCK_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGFile.read(path)
        if let difference = difference(expected, canvas) {
            Issue.record("\(name): \(difference)", sourceLocation: sourceLocation)
        }
    }

    /// How two images of one size differ: the number of pixels and the first of them; `nil`
    /// when they are equal.
    static func difference(_ expected: Canvas, _ actual: Canvas) -> String? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "sizes differ: expected \(expected.width)x\(expected.height), got \(actual.width)x\(actual.height)"
        }
        guard let first = expected.pixels.indices.first(where: { expected.pixels[$0] != actual.pixels[$0] }) else { return nil }
        let mismatches = zip(expected.pixels, actual.pixels).filter { $0 != $1 }.count
        let hex = { (p: UInt32) in "0x" + String(p, radix: 16) }
        return
            "\(mismatches) pixels differ; first at (\(first % actual.width), \(first / actual.width)): expected \(hex(expected.pixels[first])), got \(hex(actual.pixels[first]))"
    }
}

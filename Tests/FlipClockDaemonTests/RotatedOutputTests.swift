import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// Rotated screens end to end in memory: the face laid out upright on the portrait canvas,
/// the picture the image output writes, and the loop driving screens of different shapes.
@Suite struct RotatedOutputTests {
    /// A flip drawn on a 60×96 portrait canvas through a 96×60 image output turned a quarter:
    /// the file holds every canvas pixel where the oracle says, after the whole first frame and
    /// after frames that sent only their damage.
    @Test func theImageOutputWritesThePictureTurned() throws {
        let dir = NSTemporaryDirectory() + "flipclock-rotated-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try ImageFileOutput(directory: dir, size: PixelSize(width: 96, height: 60), rotation: .quarter)
        #expect(output.canvasSize == PixelSize(width: 60, height: 96))
        var scene = ClockScene(
            configuration: ClockConfiguration(), width: 60, height: 96, showing: ClockReading(time: WallTime(hour: 12, minute: 59, second: 0)),
            glyphs: GreyBoxGlyphs())
        // Drawn before the canvas is handed over (an argument list evaluates left to right).
        let first = try scene.frame(at: .zero)
        try output.present(scene.canvas, damage: first)
        scene.show(ClockReading(time: WallTime(hour: 13, minute: 0, second: 0)), at: .zero)
        var drawn: [Int] = []
        for ms in stride(from: 100, through: 600, by: 100) {
            let damage = try scene.frame(at: .milliseconds(ms))
            if !damage.isEmpty { drawn.append(ms) }
            try output.present(scene.canvas, damage: damage)
        }
        // These flaps are a few pixels long: at 100 ms and from 400 ms (6° from landing) they are
        // within half a pixel of lying flat, drawn flat; 400 ms draws the landing.
        #expect(drawn == [200, 300, 400])
        let written = try PNGFile.read(output.path)
        let canvas = scene.canvas
        #expect(written.width == 96 && written.height == 60)
        var wrong = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = ScreenRotation.quarter.outputPoint(x: x, y: y, logical: PixelSize(width: 60, height: 96))
                if written[p.x, p.y] != canvas[x, y] { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        // Upright canvas: the cards stand in a column, taller than wide.
        #expect(canvas.width < canvas.height)
    }

    /// Two screens, one landscape and one turned to portrait, both show every minute change
    /// (00:01 … 00:09 before the stop at 00:10), each in frames of its own (its cards, of
    /// another size and place, are within half a pixel of flat in other frames).
    @Test func theLoopDrawsEveryScreen() throws {
        let clock = SimulatedClock(
            wall: WallInstant(ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!), zone: ZoneInfo.system.rules(named: "UTC")!)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let landscape = CountingOutput(), portrait = CountingOutput(rotation: .quarter)
        let loop = ClockLoop(
            configuration: ClockConfiguration(), outputs: OutputSet([landscape, portrait]), takesConsole: false, glyphs: GreyBoxGlyphs(),
            clock: clock,
            logger: logger)
        clock.at(.seconds(600), .run { loop.requests.send(.stop) })
        let report = try loop.run()
        #expect(report.flips == 2 * 9)
        #expect(report.stillFrames == 0)
        #expect(portrait.frames >= 1 + 9 * 2)
        #expect(landscape.frames >= 1 + 9 * 2)
        #expect(portrait.canvasSizes == [PixelSize(width: 60, height: 96)])
        #expect(landscape.canvasSizes == [PixelSize(width: 96, height: 60)])
    }
}

import FlipClockCore
import FlipClockDisplay
import Foundation
import Logging

/// The clock running on the image output: the time face, flipping at each change, every
/// frame written over `DIR/current.png` (atomically, so a viewer never reads half a file).
///
/// This is what `flipclockd` runs where there is no display output. Nothing is drawn or
/// written while the face is still; it sleeps until the next second or minute.
public struct ImageClock {
    public let configuration: ClockConfiguration
    public let glyphs: any GlyphSource
    public let logger: Logger
    public var framesPerSecond = 30

    public init(configuration: ClockConfiguration, glyphs: any GlyphSource, logger: Logger) {
        self.configuration = configuration
        self.glyphs = glyphs
        self.logger = logger
    }

    public var path: String { configuration.imageDirectory + "/current.png" }

    public func run() throws -> Never {
        guard let wall = WallClock(zone: configuration.timeZone) else {
            fatalError("time zone was validated when the configuration was loaded")
        }
        try FileManager.default.createDirectory(atPath: configuration.imageDirectory, withIntermediateDirectories: true)
        let monotonic = ContinuousClock()
        let origin = monotonic.now
        var scene = ClockScene(
            configuration: configuration, width: configuration.imageWidth, height: configuration.imageHeight,
            showing: wall.time(at: Date()), glyphs: glyphs
        )
        let frameInterval = Duration.seconds(1) / framesPerSecond
        var frames = 0
        while true {
            scene.show(wall.time(at: Date()), at: monotonic.now - origin)
            // Draw while anything moves, one frame per interval; nothing when still.
            repeat {
                let started = monotonic.now
                if try !scene.frame(at: started - origin).isEmpty {
                    try write(scene.canvas)
                    frames += 1
                }
                guard scene.isMoving(at: monotonic.now - origin) else { break }
                Thread.sleep(until: Date() + (started + frameInterval - monotonic.now).seconds)
            } while true
            logger.debug("face still", metadata: ["frames": "\(frames)"])
            Thread.sleep(until: wall.nextChange(after: Date(), tick: configuration.face.tick))
        }
    }

    private func write(_ canvas: Canvas) throws {
        let temporary = configuration.imageDirectory + "/.current.png.tmp"
        try PNGFile.write(canvas, to: temporary)
        guard rename(temporary, path) == 0 else {
            throw PNGError(operation: .write, path: path, message: String(cString: strerror(errno)))
        }
    }
}

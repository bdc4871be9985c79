import FlipClockCore
import FlipClockOutput
import FoundationEssentials
import Glibc
import Logging

/// Renders a preview: every frame of the clock over a stretch of time, as PNG files, plus a
/// contact sheet: of the first flip at several angles, or of the first row folding.
///
/// The frames come from the same ``Screen`` the daemon draws on, told the time at each whole
/// second exactly as the daemon's time source tells it, presenting to an output in memory.
public enum Preview {
    public struct Report: Equatable, Sendable {
        public var frames: Int
        /// Frames in which something moved (the daemon would have presented these).
        public var movingFrames: Int
        public var sheet: String
        public var firstFrame: String
    }

    /// The messages the reveal's sheet shows: a short one, and one that wraps.
    static let revealMessage = "Dinner is ready"
    static let revealWrapped = "The 18:40 to Edinburgh leaves from platform 4 tonight; change at York for Leeds"

    public static func run(_ request: PreviewRequest, glyphs: any GlyphSource, logger: Logger) throws -> Report {
        try FileManager.default.createDirectory(atPath: request.directory, withIntermediateDirectories: true)
        let reading = request.readings()
        // The daemon's path: a screen presenting its damage to an output, here one in memory
        // whose picture each frame's file shows.
        let output = MemoryOutput(size: PixelSize(width: request.width, height: request.height))
        let zone = request.ownZone
        func countdowns(_ second: Int) -> [String: String?] {
            CountdownItem.faces(request.configuration.countdowns, at: reading(second), zone: zone)
        }
        let showing = Showing(reading: reading(0), scores: scores(of: request), texts: [:], faces: countdowns(0))
        let screen = Screen(output: output, face: request.faceInForce, showing: showing, glyphs: glyphs, level: 1)
        var files = PNGFrameOutput(directory: request.directory)
        var report = ClockLoop.Report()
        var shownSecond = 0
        var moving = 0
        for index in 0..<request.frameCount {
            let now = request.instant(ofFrame: index)
            // Every whole second that has begun by this frame, at its exact instant.
            while Duration.seconds(shownSecond + 1) <= now {
                shownSecond += 1
                screen.show(reading(shownSecond), timers: nil, game: countdowns(shownSecond), at: .seconds(shownSecond))
            }
            let presented = output.frames
            _ = try screen.frame(at: now, messages: PanelReveal(), pairing: nil, report: &report)
            if index > 0, output.frames > presented { moving += 1 }
            try files.present(output.picture)
        }
        let sheetPath = request.directory + "/" + request.sheet.fileName
        try PNGFile.write(try sheet(for: request, glyphs: glyphs), to: sheetPath)
        logger.info(
            "preview written",
            metadata: [
                "frames": "\(files.framesWritten)", "directory": "\(request.directory)", "sheet": "\(sheetPath)",
            ])
        return Report(frames: files.framesWritten, movingFrames: moving, sheet: sheetPath, firstFrame: files.path(forFrame: 0))
    }

    /// The request's scores as the daemon's state would keep them: each in its range.
    static func scores(of request: PreviewRequest) -> [String: Int] {
        ScoreBoard(items: request.configuration.scores, values: request.scores).values
    }

    /// The contact sheet the request asks for, rendered at a small size: the first change the
    /// preview shows (or the next minute's, when the preview's stretch has none), the face
    /// at the preview's start with its first row folding, or the message panel opening.
    public static func sheet(for request: PreviewRequest, glyphs: any GlyphSource) throws -> Canvas {
        let width = 640
        let height = max(2, width * request.height / max(request.width, 1))
        let reading = request.readings()
        let countdowns = CountdownItem.faces(request.configuration.countdowns, at: reading(0), zone: request.ownZone)
        let scene = ClockScene(
            face: request.faceInForce, width: width, height: height, showing: reading(0), scores: scores(of: request),
            faces: countdowns, glyphs: glyphs)
        if request.sheet == .fold { return try FoldSheet.render(scene.renderer, labels: glyphs) }
        let before = scene.values(at: reading(0))
        if request.sheet == .reveal {
            let panel = MessagePanel(layout: scene.renderer.layout, style: request.configuration.style, glyphs: glyphs)
            return try RevealSheet.render(
                scene.renderer, panel: panel, message: try panel.laidOut(revealMessage, for: .seconds(30)),
                wrapped: try panel.laidOut(revealWrapped, for: .seconds(30)), labels: glyphs
            )
        }
        var after = before
        var second = 1
        while after == before, second <= 86400 {
            after = scene.values(at: reading(second))
            second += 1
        }
        return try ContactSheet.render(scene.renderer, from: before, to: after, labels: glyphs)
    }
}

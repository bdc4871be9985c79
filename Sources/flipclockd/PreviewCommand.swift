import ArgumentParser
import FlipClockCore
import FlipClockDaemon
import Logging

extension PreviewSheet: ExpressibleByArgument {}

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the clock's frames as PNG files, with no display: DIR/frame-00000.png … and DIR/sheet.png."
    )

    @Option(help: "The time the preview starts at: HH:MM or HH:MM:SS (24-hour).")
    var from: String = "12:59:58"

    @Option(help: "How many seconds to render.")
    var seconds: Double = 3

    @Option(help: "Frames per second.")
    var fps: Int = 30

    @Option(help: "The output size, WIDTHxHEIGHT.")
    var size: String = "1280x800"

    @Option(help: "The folder the frames are written to.")
    var out: String

    @Option(help: "A configuration file (default: built-in defaults).")
    var config: String?

    @Option(help: "The contact sheet: flip (the first flip at several angles) or reveal (the message panel opening).")
    var sheet: PreviewSheet = .flip

    func validate() throws {
        guard WallTime(parsing: from) != nil else { throw ValidationError("--from: \"\(from)\" is not a time; expected HH:MM or HH:MM:SS") }
        guard PixelSize(parsing: size) != nil else {
            throw ValidationError("--size: \"\(size)\" is not a size; expected WIDTHxHEIGHT, each side \(PixelSize.allowedSides)")
        }
        guard (1...240).contains(fps) else { throw ValidationError("--fps: \(fps) is out of range; allowed 1...240") }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds: \(seconds) is out of range; allowed up to 3600") }
    }

    func run() throws {
        JournalLogHandler.bootstrap()
        let configuration = try config.map(ConfigPath.load) ?? ClockConfiguration()
        let font = try ConfigPath.openFont(configuration)
        let size = PixelSize(parsing: size)!
        let request = PreviewRequest(
            from: WallTime(parsing: from)!, seconds: seconds, framesPerSecond: fps, width: size.width, height: size.height,
            directory: out, configuration: configuration, sheet: sheet
        )
        let report = try Preview.run(request, glyphs: font, logger: Logger(label: "flipclockd"))
        print("wrote \(report.frames) frames to \(out)/ (\(report.movingFrames) with a card moving); contact sheet: \(report.sheet)")
    }
}

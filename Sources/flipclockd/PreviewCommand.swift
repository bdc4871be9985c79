import ArgumentParser
import FlipClockCore
import FlipClockDaemon
import Logging

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract:
            "Render the clock's frames as PNG files, with no display: DIR/frame-00000.png … and a contact sheet (DIR/sheet.png, fold.png or reveal.png)."
    )

    @Option(help: "The time the preview starts at: HH:MM or HH:MM:SS (24-hour).")
    var from: String = "12:59:58"

    @Option(help: "The day the preview shows, YYYY-MM-DD (default: today).")
    var date: String?

    @Option(help: "A score to show, NAME=VALUE (repeat for several).")
    var score: [String] = []

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

    @Option(
        help:
            "The contact sheet: flip (the first flip at several angles, DIR/sheet.png), fold (the first row of cards folding, DIR/fold.png) or reveal (the message panel opening, DIR/reveal.png)."
    )
    var sheet: PreviewRequest.Sheet = .flip

    func validate() throws {
        guard WallTime(parsing: from) != nil else { throw ValidationError("--from: \"\(from)\" is not a time; expected HH:MM or HH:MM:SS") }
        if let date, Self.day(date) == nil { throw ValidationError("--date: \"\(date)\" is not a day; expected YYYY-MM-DD") }
        for s in score where Self.score(s) == nil { throw ValidationError("--score: \"\(s)\" is not NAME=VALUE") }
        guard PixelSize(parsing: size) != nil else {
            throw ValidationError("--size: \"\(size)\" is not a size; expected WIDTHxHEIGHT, each side \(PixelSize.allowedSides)")
        }
        guard (1...240).contains(fps) else { throw ValidationError("--fps: \(fps) is out of range; allowed 1...240") }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds: \(seconds) is out of range; allowed up to 3600") }
    }

    static func score(_ text: String) -> (String, Int)? {
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let value = Int(parts[1]) else { return nil }
        return (String(parts[0]), value)
    }

    /// `YYYY-MM-DD`, a day that exists.
    static func day(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], (1...12).contains(m), (1...31).contains(d) else { return nil }
        let day = CalendarDay(year: y, month: m, day: d)
        return CalendarDay(daysSinceEpoch: day.daysSinceEpoch) == day ? day : nil
    }

    func run() throws {
        JournalLogHandler.bootstrap()
        let configuration = try config.map(ConfigPath.load) ?? ClockConfiguration()
        let font = try ConfigPath.openFont(configuration, path: config)
        let size = PixelSize(parsing: size)!
        let request = PreviewRequest(
            from: WallTime(parsing: from)!, day: date.flatMap(Self.day), seconds: seconds, framesPerSecond: fps, width: size.width,
            height: size.height,
            directory: out, configuration: configuration, sheet: sheet
        )
        var scored = request
        scored.scores = Dictionary(score.compactMap(Self.score), uniquingKeysWith: { _, last in last })
        let report = try Preview.run(scored, glyphs: font, logger: Logger(label: "flipclockd"))
        print("wrote \(report.frames) frames to \(out)/ (\(report.movingFrames) with a card moving); contact sheet: \(report.sheet)")
    }
}

extension PreviewRequest.Sheet: ExpressibleByArgument {}

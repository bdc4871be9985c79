import FlipClockCore
import Foundation

/// What `flipclockd preview` renders: a stretch of the clock from a chosen time, as frames.
public struct PreviewRequest: Equatable, Sendable {
    /// Which contact sheet the preview draws beside its frames.
    public enum Sheet: String, CaseIterable, Equatable, Sendable {
        /// The first flip at several angles: `sheet.png`.
        case flip
        /// The face's first row of cards folding away: `fold.png`.
        case fold
        /// The message panel opening under the first row in steps, then open with a long message: `reveal.png`.
        case reveal

        /// The sheet's file name in the preview's folder.
        public var fileName: String { self == .flip ? "sheet.png" : "\(rawValue).png" }
    }

    public var from: WallTime
    /// The day the preview shows; `nil` for today.
    public var day: CalendarDay?
    public var seconds: Double
    public var framesPerSecond: Int
    public var width: Int
    public var height: Int
    public var directory: String
    public var configuration: ClockConfiguration
    /// The scores the face shows, by name (the rest at their minimum).
    public var scores: [String: Int] = [:]
    public var sheet: Sheet

    public init(
        from: WallTime, day: CalendarDay? = nil, seconds: Double, framesPerSecond: Int, width: Int, height: Int, directory: String,
        configuration: ClockConfiguration, sheet: Sheet = .flip
    ) {
        self.from = from
        self.day = day
        self.seconds = seconds
        self.framesPerSecond = framesPerSecond
        self.width = width
        self.height = height
        self.directory = directory
        self.configuration = configuration
        self.sheet = sheet
    }

    /// The instant of frame `index`, from the start of the preview.
    public func instant(ofFrame index: Int) -> Duration {
        .nanoseconds(Int64(index) * 1_000_000_000 / Int64(framesPerSecond))
    }

    /// The face's own zone: the configured one, or the system's.
    var zone: TimeZone { configuration.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current }

    /// The instant the face's own clock shows ``day`` at ``from``.
    var start: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.dateComponents([.year, .month, .day], from: Date())
        let components = DateComponents(
            year: day?.year ?? today.year, month: day?.month ?? today.month, day: day?.day ?? today.day,
            hour: from.hour, minute: from.minute, second: from.second
        )
        return calendar.date(from: components) ?? Date()
    }

    /// How the face's clocks read a number of seconds after the start, as the daemon reads
    /// them (each zone's offset at that instant); the start and the zones are looked up once.
    public func readings() -> (Int) -> ClockReading {
        let start = self.start, own = zone, zones = ClockReading.zones(of: configuration)
        return { ClockReading(start.addingTimeInterval(Double($0)), own: own, zones: zones) }
    }

    public var frameCount: Int { Int((seconds * Double(framesPerSecond)).rounded()) }
}

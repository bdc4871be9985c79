import FlipClockCore

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
    var ownZone: ZoneRules { ClockReading.zone(of: configuration, system: SystemZone.current()) }

    /// How the face's clocks read a number of seconds after the start (the face's own clock
    /// showing ``from`` on ``day``), as the daemon reads them (each zone's offset at that
    /// instant); the start and the zones are looked up once.
    public func readings() -> (Int) -> ClockReading {
        let own = ownZone, zones = ClockReading.zones(of: configuration)
        let start = own.instant(showing: from, on: day ?? ClockReading.today(in: own))
        return { ClockReading(start + .seconds($0), own: own, zones: zones) }
    }

    /// The face in force at the preview's start: a `[[face]]` the schedule shows then, or the
    /// `[[row]]` face.
    var faceInForce: Face {
        configuration.face(showing: configuration.faces.face(at: readings()(0))?.name)
    }

    public var frameCount: Int { Int((seconds * Double(framesPerSecond)).rounded()) }
}

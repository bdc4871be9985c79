import Glibc

/// `[light]`: an ambient light sensor (the kernel's IIO) that sets the brightness.
public struct LightSettings: Equatable, Sendable {
    /// `auto`: the first IIO device with an illuminance channel; else a device's folder.
    public var sensor = "auto"
    public var curve = LightCurve.standard
    /// The time constant of the exponential smoothing (0: none).
    public var smoothingSeconds = 10.0
    /// A new level is taken only this many percent points from the one shown.
    public var hysteresis = 5
    /// How often the sensor is read.
    public var intervalSeconds = 1.0

    public init() {}
}

/// From lux to the brightness in percent: points joined by straight lines on log10 of the
/// lux (a lux below 1 read as 1), flat before the first and after the last.
public struct LightCurve: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var lux: Double
        public var percent: Int

        public init(lux: Double, percent: Int) {
            self.lux = lux
            self.percent = percent
        }
    }

    /// At least one point, lux rising.
    public var points: [Point]

    public init(points: [Point]) {
        precondition(!points.isEmpty && zip(points, points.dropFirst()).allSatisfy { $0.lux < $1.lux }, "a curve's lux must rise")
        self.points = points
    }

    /// 5 % in the dark, 25 % at 10 lux (a dim room), 60 % at 100 (a lit room), 100 % from
    /// 1000 (daylight).
    public static let standard = LightCurve(points: [
        Point(lux: 0, percent: 5), Point(lux: 10, percent: 25), Point(lux: 100, percent: 60), Point(lux: 1000, percent: 100),
    ])

    static func x(_ lux: Double) -> Double { log10(max(lux, 1)) }

    /// The brightness at `lux`, in percent (not rounded).
    public func percent(atLux lux: Double) -> Double {
        percent(atLog: Self.x(lux))
    }

    func percent(atLog x: Double) -> Double {
        guard let upper = points.firstIndex(where: { Self.x($0.lux) > x }) else { return Double(points.last!.percent) }
        guard upper > 0 else { return Double(points[0].percent) }
        let a = points[upper - 1], b = points[upper]
        let (xa, xb) = (Self.x(a.lux), Self.x(b.lux))
        guard xb > xa else { return Double(b.percent) }
        return Double(a.percent) + Double(b.percent - a.percent) * (x - xa) / (xb - xa)
    }

    /// The darkest and brightest levels the curve gives.
    var range: ClosedRange<Int> { points.map(\.percent).min()!...points.map(\.percent).max()! }
}

/// The brightness the room asks for: samples in, a level out. The lux are smoothed on their
/// logarithm with a time constant, and a new level is taken only when it is at least the
/// hysteresis from the one shown (or the curve's end), so noise around a step never flickers.
public struct RoomLight: Equatable, Sendable {
    public var settings: LightSettings
    /// The last lux read; `nil`: none yet, or the sensor is gone.
    public private(set) var lux: Double?
    /// The smoothed log10 lux.
    private var smoothed: Double?
    /// The level shown, in percent; `nil`: no sensor reading, the schedule's alone.
    public private(set) var percent: Int?

    public init(settings: LightSettings) {
        self.settings = settings
    }

    /// The brightness 0…1 the room asks for; `nil` with no reading.
    public var level: Double? { percent.map { Double($0) / 100 } }

    /// Takes a sample of `lux`, `elapsed` after the last one; returns the level shown after it.
    @discardableResult
    public mutating func take(_ lux: Double, after elapsed: Duration) -> Int {
        let x = LightCurve.x(lux)
        self.lux = lux
        if let old = smoothed, settings.smoothingSeconds > 0 {
            let seconds = max(0, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let alpha = 1 - exp(-seconds / settings.smoothingSeconds)
            smoothed = old + alpha * (x - old)
        } else {
            smoothed = x
        }
        let wanted = Int(settings.curve.percent(atLog: smoothed!).rounded())
        let ends = settings.curve.range
        if let shown = percent, abs(wanted - shown) < settings.hysteresis, wanted != ends.lowerBound, wanted != ends.upperBound {
            return shown
        }
        percent = wanted
        return wanted
    }

    /// The sensor is gone or unreadable: no level until it reads again (from scratch).
    public mutating func lost() {
        lux = nil
        smoothed = nil
        percent = nil
    }
}

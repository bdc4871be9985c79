import FlipClockCore

/// What `flipclockd preview` renders: a stretch of the clock from a chosen time, as frames.
public struct PreviewRequest: Equatable, Sendable {
    public var from: WallTime
    public var seconds: Double
    public var framesPerSecond: Int
    public var width: Int
    public var height: Int
    public var directory: String
    public var configuration: ClockConfiguration
    public var sheet: PreviewSheet

    public init(
        from: WallTime, seconds: Double, framesPerSecond: Int, width: Int, height: Int, directory: String,
        configuration: ClockConfiguration, sheet: PreviewSheet = .flip
    ) {
        self.from = from
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

    public var frameCount: Int { Int((seconds * Double(framesPerSecond)).rounded()) }
}

/// `[horn]`: how long a horn sounds, and the GPIO line of a relay that drives a real horn.
/// No relay (no `gpio_chip` and `gpio_line`) by default.
public struct HornSettings: Equatable, Sendable {
    /// A relay's line: which chip, which line on it, and whether it is active low.
    public struct Relay: Equatable, Sendable {
        /// A line on its chip: by its offset, or by the name the chip gives it.
        public enum Line: Equatable, Sendable, CustomStringConvertible {
            case offset(Int)
            case name(String)

            public var description: String {
                switch self {
                case .offset(let offset): "\(offset)"
                case .name(let name): "\"\(name)\""
                }
            }
        }

        /// The chip as libgpiod finds it: a name (`gpiochip0`), a path (`/dev/gpiochip0`) or
        /// the chip's label (`pinctrl-bcm2711`).
        public var chip: String
        public var line: Line
        /// The relay closes when the line is low: active means a low level.
        public var activeLow: Bool

        public init(chip: String, line: Line, activeLow: Bool = false) {
            self.chip = chip
            self.line = line
            self.activeLow = activeLow
        }
    }

    /// How long each horn sounds, in seconds: the relay's line is held active so long, and the
    /// sound plays so long.
    public var seconds: Double
    public var relay: Relay?

    /// What `seconds` may be.
    public static let secondsRange: ClosedRange<Double> = 0.1...10

    public init(seconds: Double = 1.0, relay: Relay? = nil) {
        self.seconds = seconds
        self.relay = relay
    }

    /// ``seconds`` as a duration, to the millisecond.
    public var length: Duration { .milliseconds(Int((seconds * 1000).rounded())) }
}

import FlipClockControl
import FlipClockCore

/// What a request meets and makes: the loop at the moment it came, and what answering it changed.
extension ClockState {
    /// What the loop sees when a request comes: the wall clock, how the clocks read, and the
    /// screens' brightness and output (for `status`).
    struct Moment {
        var reading: ClockReading
        /// The brightness the screens show now (0: off).
        var level: Double
        var output: String
        /// The loop's clock: what messages and the pairing code are timed by.
        var now = Duration.zero
        /// The screens connected, each with its message panel's layout.
        var screens: [ScreenShape] = []
        /// Where a phone reaches the control page; `nil`: the HTTP API is not running.
        var page: PageAddress?
        /// The machine's interfaces, read for a pairing code that names no host.
        var interfaces: [InterfaceAddress] = []
        /// Whether the kernel says the time is synchronised (or cannot be asked).
        var timeSynced = true
        /// The face the screens show (`default`: the `[[row]]` face); `nil`: the file has no `[[face]]`.
        var face: String?

        var time: WallTime { reading.time() }
        /// The wall clock then.
        var wall: WallInstant { reading.instant }
    }

    /// What a request changes beyond this state: drawn or performed by the loop.
    enum Change: Equatable {
        case none
        case scores([String: Int])
        case texts([String: String])
        /// Something else to draw from now: a timer, the brightness, a message, the pairing code.
        case redraw
        /// Read the configuration again; if that fails, the loop refuses the request with why
        /// (as it does a change it cannot save).
        case reload
    }

    /// The log line a change is noted with, once it is saved.
    struct Note: Equatable {
        var message: String
        var metadata: [String: String]
    }

    struct Outcome {
        var reply: ControlReply
        var change: Change
        /// Whether it changed what the state file keeps (scores, timers, texts).
        var saves: Bool
        var note: Note? = nil
    }
}

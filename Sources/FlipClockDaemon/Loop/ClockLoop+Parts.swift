import FlipClockControl
import FlipClockCore
import FlipClockHorn
import FlipClockKeypad
import FlipClockSound

extension ClockLoop {
    /// What the loop is made with besides its screens, font and clock: where requests come
    /// from, the devices it drives, what it keeps and whom it tells. Each is none unless given
    /// (a test gives what it looks at).
    public struct Parts {
        /// Requests from outside (`flipclockctl`).
        public var control: ControlServer?
        /// Requests other threads wait on (the HTTP API's, the MQTT connection's).
        public var waiting: WaitingRequests?
        /// Those who listen to the clock's changes (`GET /v1/events`, the MQTT connection).
        public var events: ClockEvents?
        /// Where a phone reaches the control page, for `pair` (set with `[http]`).
        public var page: PageAddress?
        /// The operator's keypad (`[keypad]`), taken while it is plugged in.
        public var keypad: Keypad?
        /// The clicks and the horn (`[sound]`), played on a thread of their own.
        public var sound: SoundPlayer?
        /// The console to take (`/dev/tty1`); `nil`: the process's own, else the active one.
        public var terminalPath: String?
        /// Tells systemd the daemon is ready, reloading or stopping, and that it is alive.
        public var notifier: SystemdNotifier?
        /// What the loop has done, for `GET /metrics`.
        public var metrics = ClockMetrics()
        /// Where acknowledged scores, timers and texts are kept.
        public var stateFile: StateFile?
        /// Where the match's changes are recorded (beside the state file).
        public var record: RecordFolder?
        /// How the configuration is read again; `nil`: a reload is refused.
        public var reload: Reload?
        /// Who is told of what the loop does (tests; the horn's outputs).
        public var observers = Observers()
        /// Where each frame that changed what the game's items show is noted (`--frame-log`).
        public var frameLog: FrameLog?
        /// Whether the time is synchronised (``KernelTimeSync/read()``); `nil`: never asked, the
        /// time counts as synchronised (tests give their own).
        public var timeSync: (() -> SyncReading)?
        /// The machine's network addresses, read when a pairing code needs a host.
        var interfaces: () -> [InterfaceAddress] = InterfaceAddress.all

        public init() {}
    }

    /// How the configuration is read again: for SIGHUP (`systemctl reload`), the file saved,
    /// and the `reload` request.
    public struct Reload {
        /// What a reload reads: the configuration, and the font it is drawn with.
        public typealias Prepared = (configuration: ClockConfiguration, glyphs: any GlyphSource)
        /// The configuration file: a change to it (saved, or replaced) reloads, like SIGHUP.
        public var file: String?
        /// Reads the configuration (and its font) again and checks it; throws what is wrong.
        public var prepare: @Sendable () throws -> Prepared
        /// Whether a reload the loop makes of its own (a signal's, the file's) is prepared on a
        /// thread of its own while the frames go on, and only taken on the loop's (the daemon);
        /// otherwise on the loop's thread at once (a simulated clock, whose time does not wait).
        public var offLoop: Bool
        /// Called with each configuration a reload takes (the MQTT connection announces its entities).
        public var taken: (@Sendable (ClockConfiguration) -> Void)?

        public init(
            file: String? = nil, offLoop: Bool = true, taken: (@Sendable (ClockConfiguration) -> Void)? = nil,
            prepare: @escaping @Sendable () throws -> Prepared
        ) {
            self.file = file
            self.offLoop = offLoop
            self.taken = taken
            self.prepare = prepare
        }
    }

    /// Who is told of what the loop does, as it does it.
    public struct Observers {
        /// Each time the face starts to show, and the wall-clock instant.
        public var show: ((WallTime, WallInstant) -> Void)?
        /// Each horn the game sounds and the instant it is due.
        public var horn: ((GameEvent.Horn, WallInstant) -> Void)?
        /// Each change of the horn's relay line and the monotonic instant.
        public var relay: ((HornRelay.Change, Duration) -> Void)?

        public init() {}
    }
}

/// `[keypad]`: the operator's USB numeric keypad, which device it is and what each key asks.
/// Off (no `[keypad]`) by default.
///
/// Each key is a request line of the control socket (`score add home 1`), named by the key's
/// name as libevdev has it (`KEY_KP1`); the file's `[keypad.keys]` are laid over
/// ``defaultKeys``, and `""` takes a key out.
public struct KeypadSettings: Equatable, Sendable {
    /// How the keypad is found among the input devices.
    public enum Device: Equatable, Sendable {
        /// A device node, or a link to one (`/dev/input/by-id/usb-…-event-kbd`).
        case path(String)
        /// The device whose name (`N: Name=` in /proc/bus/input/devices) contains these words.
        case name(String)
    }

    /// One key and the request it stands for, with where the file wrote it (`nil`: the default map).
    public struct Key: Equatable, Sendable {
        public var name: String
        public var line: String
        public var location: FileLocation?

        public init(name: String, line: String, location: FileLocation? = nil) {
            self.name = name
            self.line = line
            self.location = location
        }
    }

    public var device: Device
    /// The keys that ask something, by name; the default map with the file's keys over it.
    public var keys: [Key]

    public init(device: Device, keys: [Key] = KeypadSettings.defaultKeys) {
        self.device = device
        self.keys = keys
    }

    /// A standard numeric keypad for a match with scores `home` and `away`: the big 0 starts
    /// and stops the game clock, the left column is home's points and the right column away's,
    /// Enter resets the shot clock, `-` and `+` take a second off or add one, `/` and `*` a
    /// tenth, `.` and Backspace undo. With `[sets]`: 1 and 3 a point for home and away, 7 and
    /// 9 their timeouts, `.` and Backspace undo. Keys whose score, game or match in sets the
    /// face lacks are left out.
    public static let defaultKeys: [Key] = [
        ("KEY_KP0", "game toggle"), ("KEY_SPACE", "game toggle"),
        ("KEY_KP1", "score add home 1"), ("KEY_KP4", "score add home 2"), ("KEY_KP7", "score add home 3"),
        ("KEY_KP3", "score add away 1"), ("KEY_KP6", "score add away 2"), ("KEY_KP9", "score add away 3"),
        ("KEY_KPENTER", "game shot"), ("KEY_KP5", "game shot 14"), ("KEY_KP8", "game end"),
        ("KEY_KPMINUS", "game add -1"), ("KEY_KPPLUS", "game add 1"),
        ("KEY_KPSLASH", "game add -0.1"), ("KEY_KPASTERISK", "game add 0.1"),
        ("KEY_KPDOT", "game undo"), ("KEY_BACKSPACE", "game undo"),
        ("KEY_KP1", "point home"), ("KEY_KP3", "point away"), ("KEY_KP7", "point timeout home"), ("KEY_KP9", "point timeout away"),
        ("KEY_KPDOT", "point undo"), ("KEY_BACKSPACE", "point undo"),
    ].map { Key(name: $0.0, line: $0.1) }
}

import FlipClockCore

/// One event an input device sent: its type (`EV_KEY`), code (the key) and value (1 pressed,
/// 0 released, 2 the key's auto-repeat).
public struct KeypadEvent: Equatable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    /// The key `name` pressed (value 1), released (0) or repeated (2).
    public static func key(_ name: String, _ value: Int32 = 1) -> KeypadEvent? {
        KeyName.code(name).map { KeypadEvent(type: KeyName.eventType, code: $0, value: value) }
    }
}

/// A key pressed and the request it stands for.
public struct KeypadPress: Equatable, Sendable {
    /// The key's name (`KEY_KP1`), which the journal's line names.
    public var key: String
    /// The request line as the configuration wrote it.
    public var line: String
    public var request: ControlRequest
}

/// What each key of the keypad asks, checked against the configuration when it is loaded.
///
/// Only a press asks: a release asks nothing, and neither does the key's auto-repeat (held
/// down, a key would add a point or a second thirty times a second), nor a key the map leaves out.
public struct KeypadMap: Equatable, Sendable {
    private var presses: [UInt16: KeypadPress]

    /// The keys of `configuration`'s `[keypad]` (none without it). A key of the file's own that
    /// libevdev does not name, whose line is not a request, or that names a score the file does
    /// not declare (or the game, without `[game]`) is an error at its place in the file; a key of
    /// the default map that names what the face lacks is left out.
    public init(_ configuration: ClockConfiguration) throws(ConfigError) {
        presses = [:]
        for key in configuration.keypad?.keys ?? [] {
            let at = key.location ?? FileLocation(file: "", line: 1, column: 1)
            func refuse(_ message: String) -> ConfigError { ConfigError(at, key: "keypad.keys.\(key.name)", message) }
            guard let code = KeyName.code(key.name) else {
                guard key.location == nil else {
                    throw refuse("\"\(key.name)\" is not a key libevdev knows; write a name such as KEY_KP1 or KEY_SPACE")
                }
                continue
            }
            let request: ControlRequest
            do throws(ControlError) {
                request = try ControlRequest.parse(key.line)
            } catch {
                guard key.location == nil else { throw refuse("\"\(key.line)\" is not a request: \(error.reason)") }
                continue
            }
            if let missing = Self.missing(request, in: configuration) {
                guard key.location == nil else { throw refuse("\"\(key.line)\": \(missing)") }
                continue
            }
            presses[code] = KeypadPress(key: key.name, line: key.line, request: request)
        }
    }

    /// What the face lacks that `request` names: a score, the game, or a match in sets.
    static func missing(_ request: ControlRequest, in configuration: ClockConfiguration) -> String? {
        switch request {
        case .score(_, let pairs):
            let names = Set(configuration.scores.map(\.name))
            return pairs.first { !names.contains($0.name) }.map { "no score named \($0.name) in this file" }
        case .game:
            return configuration.game == nil ? "a game request, but the file has no [game]" : nil
        case .point:
            return configuration.sets == nil ? "a point request, but the file has no [sets]" : nil
        default:
            return nil
        }
    }

    /// The keys that ask something, by name, each with its request line (the README's table, the log).
    public var keys: [(key: String, line: String)] { presses.values.map { ($0.key, $0.line) }.sorted { $0.key < $1.key } }

    /// The press `event` is, if it is a mapped key going down.
    public func press(_ event: KeypadEvent) -> KeypadPress? {
        guard event.type == KeyName.eventType, event.value == 1 else { return nil }
        return presses[event.code]
    }
}

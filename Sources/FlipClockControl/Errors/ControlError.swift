/// Why a control request was refused: a short code for scripts and a reason for people.
///
/// On the wire: `ERR <code> <reason>`.
public struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case syntax
        case unknownCommand = "unknown-command"
        case unknownScore = "unknown-score"
        case unknownTimer = "unknown-timer"
        case unknownText = "unknown-text"
        case unknownCountdown = "unknown-countdown"
        case unknownScreen = "unknown-screen"
        case unknownMessage = "unknown-message"
        case unknownFace = "unknown-face"
        case range
        case tooLong = "too-long"
        case reloadFailed = "reload-failed"
        case state
        case queueFull = "queue-full"
        /// The clock follows a `[match]` led by another clock: its scores, texts and game change there.
        case ledElsewhere = "led-elsewhere"
        /// The clock leads a `[match]` and its broker did not take a change in time: the change
        /// is made on this clock only (a standby taking over would not have it).
        case notShared = "not-shared"
        /// The clock has too many requests waiting, or did not take one in time (HTTP's 503).
        case busy
    }

    public var code: Code
    public var reason: String

    /// The longest reason given, in characters: a reason echoes what it refuses (a name, a
    /// key, a word), which may be as long as a request.
    public static let longestReason = 512

    /// `reason` as one line (control characters written out, ``Swift/String/oneLine``) of at
    /// most ``longestReason`` characters, so what a client sent comes back neither raw nor whole.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        let line = reason.oneLine
        self.reason = line.count <= Self.longestReason ? line : line.prefix(Self.longestReason - 1) + "…"
    }

    public var description: String { "ERR \(code.rawValue) \(reason)" }
}

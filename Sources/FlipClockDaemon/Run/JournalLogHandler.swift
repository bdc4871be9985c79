import FlipClockControl
import FlipClockSystem
import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// The daemon's log lines, one place for all of them: every message and field is written as
/// one line (control characters written out, so text from a client, a body or a broker can
/// neither split it nor forge a line), and each message is rate limited (``LogRate``).
///
/// When stderr is the journal (systemd sets `JOURNAL_STREAM`), each line starts with its
/// syslog priority, `<3>` for an error, so `journalctl -p err` finds it; the journal adds the
/// time itself. Elsewhere a line starts with the local time, the level and the label.
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String
    let journal: Bool

    public init(label: String, journal: Bool = true) {
        self.label = label
        self.journal = journal
    }

    /// This handler for every logger, writing for the journal when stderr goes to it.
    public static func bootstrap() {
        let journal = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, journal: journal) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// syslog's priority for a level.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// One journal line, whatever the text logged: control characters in it are written out;
    /// `held` lines like it held back (``LogRate``) are said at its end.
    public static func line(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata, held: Int = 0) -> String {
        "<\(priority(level))>" + text(message: message, metadata: metadata, held: held) + "\n"
    }

    /// A line's words after its priority or time: the message and its fields, sorted, as one line.
    static func text(message: Logger.Message, metadata: Logger.Metadata, held: Int) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let heldBack = held == 0 ? "" : " (\(held) \(held == 1 ? "line" : "lines") like this held back)"
        return "\(message)".oneLine + (fields.isEmpty ? "" : " \(fields.oneLine)") + heldBack
    }

    /// What the log has let through of each message: one for the process.
    static let rate = Mutex(LogRate())

    public func log(event: LogEvent) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let instant = Duration.seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
        guard case .write(let held) = Self.rate.withLock({ $0.admit("\(event.level) \(event.message)", now: instant) }) else { return }
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        if journal {
            StandardError.write(Self.line(level: event.level, message: event.message, metadata: all, held: held))
        } else {
            StandardError.write(Self.streamLine(event, label: label, metadata: all, held: held))
        }
    }

    /// A line as swift-log's `StreamLogHandler` lays it out (the fields before the source and
    /// the message: the display test reads them so), but one line whatever the text.
    static func streamLine(_ event: LogEvent, label: String, metadata: Logger.Metadata, held: Int) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ").oneLine
        let heldBack = held == 0 ? "" : " (\(held) \(held == 1 ? "line" : "lines") like this held back)"
        return
            "\(localTime()) \(event.level) \(label):\(fields.isEmpty ? "" : " " + fields) [\(event.source)] \("\(event.message)".oneLine)\(heldBack)\n"
    }

    /// The local time as swift-log's stream handler writes it, `2026-11-27T09:30:00+0000`.
    static func localTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

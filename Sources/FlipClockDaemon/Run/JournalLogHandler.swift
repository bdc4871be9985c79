import FlipClockControl
import FlipClockSystem
import FoundationEssentials
import Logging

/// Log lines for journald: when stderr is the journal (systemd sets `JOURNAL_STREAM`), each
/// line starts with its syslog priority, `<3>` for an error, so `journalctl -p err` finds it;
/// the journal adds the time itself.
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String

    public init(label: String) { self.label = label }

    /// The journal's handler when stderr goes to the journal, else swift-log's stderr stream.
    public static func bootstrap() {
        let journal = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { label in
            journal ? JournalLogHandler(label: label) as any LogHandler : StreamLogHandler.standardError(label: label)
        }
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

    /// One journal line, whatever the text logged: control characters in it are written out.
    public static func line(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "<\(priority(level))>\("\(message)".oneLine)" + (fields.isEmpty ? "" : " \(fields.oneLine)") + "\n"
    }

    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        StandardError.write(Self.line(level: event.level, message: event.message, metadata: all))
    }
}

import Logging

/// Log lines kept in memory, as `message key=value ...` in the keys' order.
public final class LogLines: @unchecked Sendable {
    public var lines: [String] = []

    public init() {}

    /// A handler that appends each event to `lines`.
    public struct Handler: LogHandler {
        let lines: LogLines
        public var metadata: Logger.Metadata = [:]
        public var logLevel: Logger.Level = .info

        public init(lines: LogLines) { self.lines = lines }

        public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        public func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            lines.lines.append(([event.message.description] + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " "))
        }
    }
}

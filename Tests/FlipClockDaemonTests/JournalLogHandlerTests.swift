import Logging
import Testing

@testable import FlipClockDaemon

@Suite struct JournalLogHandlerTests {
    @Test func linesCarryTheirSyslogPriority() {
        #expect(
            JournalLogHandler.line(level: .error, message: "reload failed", metadata: ["error": "f.toml:2:3: x"])
                == "<3>reload failed error=f.toml:2:3: x\n")
        #expect(JournalLogHandler.line(level: .info, message: "running", metadata: [:]) == "<6>running\n")
        #expect(JournalLogHandler.line(level: .notice, message: "n", metadata: ["b": "2", "a": "1"]) == "<5>n a=1 b=2\n")
    }

    /// Away from the journal the line is laid out as swift-log's stream handler does it, and is
    /// one line too: a message or field with a line break forges no `<0>` line (issue 31).
    @Test func aLineAwayFromTheJournalIsOneLineToo() {
        let event = LogEvent(
            level: .warning, message: "unknown command \"x\n<0>FORGED\"", metadata: nil, source: "FlipClockDaemon", file: "", function: "", line: 0)
        let line = JournalLogHandler.streamLine(event, label: "flipclockd", metadata: ["text": "a\r\n<0>FORGED"], held: 0)
        #expect(line.hasSuffix(#" warning flipclockd: text=a\r\n<0>FORGED [FlipClockDaemon] unknown command "x\n<0>FORGED""# + "\n"), "\(line)")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }
}

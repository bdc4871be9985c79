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

    /// Away from the journal the line has the time, the level and the label, and is one line
    /// too: a message or field with a line break forges no `<0>` line (issue 31).
    @Test func aLineAwayFromTheJournalIsOneLineToo() {
        let text = JournalLogHandler.text(message: "unknown command \"x\n<0>FORGED\"", metadata: ["text": "a\r\n<0>FORGED"], held: 0)
        #expect(text == #"unknown command "x\n<0>FORGED" text=a\r\n<0>FORGED"#)
    }
}

import Foundation
import Testing

/// Every text a configuration shows is drawn with its font when it is checked: a missing
/// glyph is a configuration error where the text is written, not a daemon that stops at its
/// first frame (a restart loop under systemd).
@Suite struct GlyphCheckTests {
    static let font = "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf"

    @Test func aLabelTheFontCannotDrawIsAnErrorAtItsKey() throws {
        let path = try FlipclockdCommandTests.temporaryFile("[[score]]\nname = \"home\"\nlabel = \"Zürich ☃\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):3:9: score[0].label: font \(Self.font) cannot render \"Zürich ☃\": no glyph for U+2603\n")
    }

    @Test func aDateNameIsCheckedAsTheCardsShowIt() throws {
        let path = try FlipclockdCommandTests.temporaryFile(
            "[date]\nmonths = [\"Jan☃\", \"F\", \"M\", \"A\", \"M\", \"J\", \"J\", \"A\", \"S\", \"O\", \"N\", \"D\"]\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:10: date.months: font \(Self.font) cannot render \"JAN☃\": no glyph for U+2603\n")
    }

    @Test func aReloadWithSuchALabelKeepsTheRunningConfiguration() throws {
        let notify = SystemdTests.NotifySocket()
        let daemon = try SystemdTests.Daemon(notify: notify)
        #expect(notify.next(startingWith: "READY=1")?.hasPrefix("READY=1") == true)
        try SystemdTests.write(daemon.good + "[clock]\nlabel = \"☃\"\n", to: daemon.config)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(notify.next(startingWith: "RELOADING=1")?.hasPrefix("RELOADING=1") == true)
        #expect(
            notify.next(startingWith: "READY=1")
                == "READY=1\nSTATUS=reload failed: \(daemon.config):8:9: clock.label: font \(Self.font) cannot render \"☃\": no glyph for U+2603")
        #expect(daemon.process.isRunning)
        daemon.process.terminate()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
    }

    @Test func aReloadWithAMissingFontSaysWhereTheFontIsNamed() throws {
        let notify = SystemdTests.NotifySocket()
        let daemon = try SystemdTests.Daemon(notify: notify)
        #expect(notify.next(startingWith: "READY=1")?.hasPrefix("READY=1") == true)
        try SystemdTests.write(daemon.good + "[look]\nfont = \"/nonexistent/x.ttf\"\n", to: daemon.config)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(notify.next(startingWith: "RELOADING=1")?.hasPrefix("RELOADING=1") == true)
        #expect(
            notify.next(startingWith: "READY=1")
                == "READY=1\nSTATUS=reload failed: \(daemon.config):8:8: look.font: cannot open font /nonexistent/x.ttf: No such file or directory")
        #expect(daemon.process.isRunning)
        daemon.process.terminate()
        daemon.process.waitUntilExit()
    }
}

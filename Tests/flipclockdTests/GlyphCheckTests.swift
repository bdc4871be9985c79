import FlipClockTestKit
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

    /// Every other text the face shows: the game's labels, its point and arrows, the date
    /// format's own text; and no label with a control character, which no card shows.
    @Test(arguments: [
        ("[game]\nlabel = \"☃\"\n", "2:9: game.label", "\"☃\""),
        ("[game]\nperiod_label = \"P☃\"\n", "2:16: game.period_label", "\"P☃\""),
        ("[game]\npossession = true\npossession_label = \"☃\"\n", "3:20: game.possession_label", "\"☃\""),
        ("[game]\npenalties = true\npenalty_label = \"☃\"\n", "3:17: game.penalty_label", "\"☃\""),
        ("[game.shot_clock]\nlabel = \"☃\"\n", "2:9: game.shot_clock.label", "\"☃\""),
        ("[date]\nformat = \"%a ☃\"\n", "2:10: date.format", "\"☃\""),
    ])
    func everyLabelOfTheGameAndTheDateFormatsOwnTextAreChecked(file: String, place: String, text: String) throws {
        let path = try FlipclockdCommandTests.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):\(place): font \(Self.font) cannot render \(text): no glyph for U+2603\n")
    }

    @Test(arguments: [
        ("[game]\nlabel = \"A\\u0007\"\n", "2:9: game.label: U+0007"), ("[date]\nformat = \"%a\t%d\"\n", "2:10: date.format: U+0009"),
        ("[clock]\nlabel = \"\\u001b[2J\"\n", "2:9: clock.label: U+001B"),
    ])
    func aControlCharacterInATextShownIsAnErrorAtItsKey(file: String, error: String) throws {
        let path = try FlipclockdCommandTests.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):\(error) is a control character; a card or label cannot show it\n")
    }

    @Test func aReloadWithSuchALabelKeepsTheRunningConfiguration() throws {
        let daemon = try SystemdTests.daemon()
        try daemon.start()
        let notify = daemon.notify
        try SystemdTests.write(daemon.configuration + "[clock]\nlabel = \"☃\"\n", to: daemon.config)
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
        let daemon = try SystemdTests.daemon()
        try daemon.start()
        let notify = daemon.notify
        try SystemdTests.write(daemon.configuration + "[look]\nfont = \"/nonexistent/x.ttf\"\n", to: daemon.config)
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

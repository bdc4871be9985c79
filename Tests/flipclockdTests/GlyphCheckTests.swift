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
        #expect(
            outcome.stderr == "flipclockd: \(path):3:9: score[0].label: no configured font has \"☃\" (U+2603) of \"Zürich ☃\"; tried \(Self.font)\n")
    }

    @Test func aDateNameIsCheckedAsTheCardsShowIt() throws {
        let path = try FlipclockdCommandTests.temporaryFile(
            "[date]\nmonths = [\"Jan☃\", \"F\", \"M\", \"A\", \"M\", \"J\", \"J\", \"A\", \"S\", \"O\", \"N\", \"D\"]\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:10: date.months: no configured font has \"☃\" (U+2603) of \"JAN☃\"; tried \(Self.font)\n")
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
        ("[[message]]\nat = \"19:00\"\ntext = \"BINS\\nOUT ☃\"\n", "3:8: message[0].text", "\"BINS OUT ☃\""),
    ])
    func everyLabelOfTheGameAndTheDateFormatsOwnTextAreChecked(file: String, place: String, text: String) throws {
        let path = try FlipclockdCommandTests.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):\(place): no configured font has \"☃\" (U+2603) of \(text); tried \(Self.font)\n")
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
                == "READY=1\nSTATUS=reload failed: \(daemon.config):8:9: clock.label: no configured font has \"☃\" (U+2603) of \"☃\"; tried \(Self.font)"
        )
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

    /// A character no configured font has, where the configuration gives it, naming the
    /// character, its code and every font tried; a fallback that has it passes.
    @Test func aCharacterNoConfiguredFontHasIsAnErrorNamingTheFontsTried() throws {
        let text = "[[text]]\nname = \"board\"\ncharacters = \"äö東\"\n[[place]]\nname = \"tokyo\"\nlabel = \"東京\"\ntime_zone = \"Asia/Tokyo\"\n"
        let path = try FlipclockdCommandTests.temporaryFile("[look]\nfallback = [\"DejaVu Sans:bold\"]\n" + text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(
            outcome.stderr
                == "flipclockd: \(path):8:9: place[0].label: no configured font has \"東\" (U+6771) of \"東京\"; tried \(Self.font), DejaVu Sans:bold\n")
        let fallback = try FlipclockdCommandTests.temporaryFile("[look]\nfallback = [\"DejaVu Sans:bold\", \"Droid Sans Fallback\"]\n" + text)
        defer { try? FileManager.default.removeItem(atPath: fallback) }
        let passed = try FlipclockdCommandTests.run(["--check-config", fallback])
        #expect(passed.status == 0, "\(passed.stderr)")
    }

    @Test func aCharacterOfATextRowsCharactersIsCheckedThere() throws {
        let path = try FlipclockdCommandTests.temporaryFile("[[text]]\nname = \"board\"\ntext = \"ÄÖ\"\ncharacters = \"äö東\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(
            outcome.stderr == "flipclockd: \(path):4:14: text[0].characters: no configured font has \"東\" (U+6771) of \"ÄÖ東\"; tried \(Self.font)\n")
    }

    /// fontconfig answers a misspelt family with another family: refused, naming the nearest.
    @Test func aFontNameNoInstalledFamilyHasIsAnErrorNamingTheNearest() throws {
        let path = try FlipclockdCommandTests.temporaryFile("[look]\nfont = \"Roboto Condesed:bold\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(
            outcome.stderr
                == "flipclockd: \(path):2:8: look.font: font \"Roboto Condesed:bold\": no installed font has that family (nearest: Roboto Condensed)\n"
        )
        let named = try FlipclockdCommandTests.temporaryFile("[look]\nfont = \"Roboto Condensed:bold\"\n")
        defer { try? FileManager.default.removeItem(atPath: named) }
        #expect(try FlipclockdCommandTests.run(["--check-config", named]).status == 0)
    }
}

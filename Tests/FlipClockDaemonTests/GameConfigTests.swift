import FlipClockCore
import FlipClockDaemon
import Foundation
import Testing

/// `[game]` in a configuration file, and the presets in `Config/presets/`.
@Suite struct GameConfigTests {
    static let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config/presets").standardized

    @Test func aGameTableSetsTheRulesAndTheItems() throws {
        let c = try ConfigFile.parse(
            """
            [game]
            periods = 2
            period = "45m"
            count = "up"
            breaks = ["15:00"]
            tenths_below = 0
            label = "MATCH"
            [game.shot_clock]
            resets = [30, 20]
            tenths_below = 0
            off_below_game_clock = false
            label = "SHOT"
            [[score]]
            name = "home"
            [[row]]
            show = ["home", "game", "period", "shot"]
            """, path: "f.toml")
        let rules = try #require(c.game?.rules)
        #expect(rules.summary == "2x2700s up breaks=900 overtime=0 tenths<0 shot=30,20 tenths<0")
        #expect(c.game?.items.map(\.name) == ["game", "period", "shot"])
        #expect(c.game?.items.map(\.label) == ["MATCH", "PERIOD", "SHOT"])
        #expect(c.game?.items.map(\.start) == ["00:00", "1", "30"])
        #expect(c.face().rows.map { $0.map(\.name) } == [["home", "game", "period", "shot"]])
    }

    @Test(arguments: [
        ("[game]\nperiods = 0\n", "f.toml:2:11: game.periods: 0 is out of range; allowed 1...9"),
        ("[game]\nperiod = \"0:00\"\n", "f.toml:2:10: game.period: a period needs a length above zero"),
        ("[game]\ncount = \"sideways\"\n", "f.toml:2:9: game.count: \"sideways\" is not allowed; allowed \"down\", \"up\""),
        (
            "[game]\nbreaks = [\"2m\", \"soon\"]\n",
            "f.toml:2:10: game.breaks: \"soon\" is not a duration up to 99:59; write \"2m\", \"15:00\" or \"90s\""
        ),
        (
            "[game]\n[game.shot_clock]\nresets = []\n",
            "f.toml:3:10: game.shot_clock.resets: expected an array of 1 to 4 whole seconds, such as [24, 14], found an array"
        ),
        ("[game]\n[game.shot_clock]\nresets = [24, 100]\n", "f.toml:3:10: game.shot_clock.resets: expected whole seconds 1...99"),
        (
            "[game]\nhorn = true\n",
            "f.toml:2:1: game.horn: unknown key; allowed in [game]: periods, period, count, breaks, overtime, tenths_below, label, period_label, possession, possession_label, penalties, penalty_label, shot_clock"
        ),
        ("[game]\n[[score]]\nname = \"period\"\n", "f.toml:3:8: score[0].name: \"period\" is already the name of the game's period"),
        ("[game]\n[[timer]]\nname = \"game\"\n", "f.toml:3:8: timer[0].name: \"game\" is already the name of the game's clock"),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }

    @Test func everyPresetIsAValidConfiguration() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.presets.path).filter { $0.hasSuffix(".toml") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let c = try ConfigFile.load(path: Self.presets.appendingPathComponent(file).path)
            #expect((c.game != nil) != (c.sets != nil), "\(file) has a game or a match in sets")
        }
    }
}

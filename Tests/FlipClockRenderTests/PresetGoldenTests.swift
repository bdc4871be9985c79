import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import Foundation
import Testing

/// Each sport's preset (`Config/presets/`) mid-game, on a 16:9 screen and a portrait one.
@Suite struct PresetGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config/presets").standardized

    static let presets = ["basketball", "football", "handball", "ice-hockey", "water-polo", "generic"]

    /// The preset's face late in its second period: a countdown in its tenths (18.4), an up
    /// clock 12 minutes into its second half, the shot clock reset to its second value, the
    /// possession arrow to the guests, penalties of 1:32 and 0:20 where the preset shows them.
    static func scene(_ name: String, width: Int, height: Int) throws -> ClockScene {
        let configuration = try ConfigFile.load(path: folder.appendingPathComponent("\(name).toml").path)
        let rules = try #require(configuration.game?.rules)
        let now = WallInstant(unixSeconds: 1_795_000_000)
        var game = Game(rules: rules)
        try game.apply(.period(2), at: now)
        try game.apply(.set(rules.direction == .down ? 18_400 : rules.start(ofPeriod: 2) + 12 * 60_000 + 7_000), at: now)
        if let shot = rules.shotClock { try game.apply(.shotReset(shot.resets.last), at: now) }
        try game.apply(.possession(.away), at: now)
        try game.apply(.penalty(.home, 92_000), at: now)
        try game.apply(.penalty(.away, 20_000), at: now)
        var faces: [String: String?] = ["game": game.clockText(at: now), "period": "\(game.period)"]
        if rules.shotClock != nil { faces["shot"] = game.shotText(at: now) }
        faces["possession"] = game.teams.possessionText
        faces["home_penalty"] = game.teams.penaltyText(.home, at: now)
        faces["away_penalty"] = game.teams.penaltyText(.away, at: now)
        let scores = Dictionary(uniqueKeysWithValues: configuration.scores.map { ($0.name, min($0.maximum, $0.name.hasPrefix("home") ? 57 : 49)) })
        var scene = ClockScene(
            configuration: configuration, width: width, height: height, showing: ClockReading(now), scores: scores,
            glyphs: try FlipGoldenTests.font.get())
        scene.setGame(faces, at: .zero)
        _ = try scene.frame(at: .seconds(30))
        return scene
    }

    @Test(arguments: presets)
    func aPresetMidGameOnAWideAndATallScreen(_ name: String) throws {
        try Golden.check(try Self.scene(name, width: 640, height: 360).canvas, named: "preset-\(name)-16x9")
        try Golden.check(try Self.scene(name, width: 360, height: 640).canvas, named: "preset-\(name)-portrait")
    }
}

import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import Foundation
import Testing

/// Each set sport's preset (`Config/presets/`) in the middle of a match, on a 16:9 screen and a
/// portrait one.
@Suite struct SetPresetGoldenTests {
    static let presets = ["volleyball", "beach-volleyball", "tennis", "badminton", "table-tennis", "squash"]

    /// `home` wins the first set (or game) by two past the points it needs, `away` the second
    /// the same way, and the third stands at 7–5 (tennis: 6–4, 3–6, then 4–3 and 30–40 in the
    /// third set's game; `away` serves).
    static func history(_ rules: SetRules) -> [SetMatch.Action] {
        func points(_ h: Int, _ a: Int) -> [SetMatch.Action] {
            // Alternating while both score, the winner's last points last.
            let both = min(h, a)
            return (0..<both).flatMap { _ in [SetMatch.Action.point(.home), .point(.away)] }
                + Array(repeating: .point(.home), count: h - both) + Array(repeating: .point(.away), count: a - both)
        }
        switch rules.scoring {
        case .rally(let rally):
            return points(rally.points, rally.points - 2) + points(rally.points - 3, rally.points) + points(7, 5)
        case .tennis:
            let game = { (side: GameTeams.Team) in Array(repeating: SetMatch.Action.point(side), count: 4) }
            let set = { (h: Int, a: Int) in (0..<max(h, a)).flatMap { k in (k < h ? game(.home) : []) + (k < a ? game(.away) : []) } }
            return set(6, 4) + set(3, 6) + set(4, 3) + points(2, 3)
        }
    }

    static func scene(_ name: String, width: Int, height: Int) throws -> ClockScene {
        let configuration = try ConfigFile.load(path: PresetGoldenTests.folder.appendingPathComponent("\(name).toml").path)
        let settings = try #require(configuration.sets)
        let match = try SetMatch(rules: settings.rules, firstServer: settings.firstServer, history: history(settings.rules))
        var scene = ClockScene(
            configuration: configuration, width: width, height: height, showing: ClockReading(WallInstant(unixSeconds: 1_795_000_000)),
            glyphs: try FlipGoldenTests.font.get())
        scene.setGame(settings.faces(match.standing), at: .zero)
        _ = try scene.frame(at: .seconds(30))
        return scene
    }

    @Test(arguments: presets)
    func aPresetMidMatchOnAWideAndATallScreen(_ name: String) throws {
        try Golden.check(try Self.scene(name, width: 640, height: 360).canvas, named: "preset-\(name)-16x9")
        try Golden.check(try Self.scene(name, width: 360, height: 640).canvas, named: "preset-\(name)-portrait")
    }
}

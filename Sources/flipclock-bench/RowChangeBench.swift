import FlipClockCore

extension Bench {
    /// One frame of a reload's row change on the bench screen (the time, seconds switched on,
    /// and a row of scores unfolding under it) against a memcpy of the whole screen, interleaved.
    static func measureRowChange(_ scene: BenchScene, rounds: Int) throws -> (ours: Double, reference: Double, ratio: Double) {
        guard var (change, instants) = try rowChange(scene) else { return (0, 0, 0) }
        var source = Canvas(width: BenchScene.width, height: BenchScene.height), target = source
        for i in source.pixels.indices { source.pixels[i] ^= UInt32(truncatingIfNeeded: i) }
        return interleaved(instants, rounds: rounds) {
            change.frame(at: $0)
        } reference: {
            copyScreen(from: source, to: &target)
        }
    }

    /// The bench's row change (the time, seconds switched on, a row of scores unfolding under
    /// it) and its frames' instants at 60 Hz.
    static func rowChange(_ scene: BenchScene) throws -> (change: RowChange, instants: [Duration])? {
        var before = scene.configuration
        before.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        before.rowNames = [["time"]]
        var after = before
        after.time.format = .hoursMinutesSeconds
        after.rowNames = [["time"], ["home", "away"]]
        func face(_ c: ClockConfiguration) throws -> ClockScene {
            var s = ClockScene(
                configuration: c, width: BenchScene.width, height: BenchScene.height,
                showing: ClockReading(time: WallTime(hour: 12, minute: 34, second: 56)), scores: ["home": 3, "away": 12], glyphs: scene.font
            )
            _ = try s.frame(at: .zero)
            return s
        }
        let old = try face(before), new = try face(after)
        guard
            let change = RowChange(
                from: old.canvas, old.renderer.layout, rows: old.rows, to: new.canvas, new.renderer.layout, rows: new.rows,
                background: before.style.background.pixel, perspective: before.perspective, lighting: CardLighting(), at: .zero
            )
        else { return nil }
        return (change, stride(from: 0, to: change.duration.seconds, by: 1.0 / 60).map { Duration.seconds($0) })
    }

    /// The row change's table (`--rows` prints only it).
    static func printRowChange(_ rows: (ours: Double, reference: Double, ratio: Double)) {
        print("a reload's rows changing (seconds on, a score row unfolding; 0.7 s at 60 Hz), one frame of the whole screen:")
        print("")
        print("| method | median ms/frame | ratio |")
        print("|---|---|---|")
        print("| row change (RowChange) | \(format(rows.ours * 1000, 3)) | 1 |")
        print("| memcpy of the whole screen | \(format(rows.reference * 1000, 3)) | rows = \(format(rows.ratio, 2))× |")
    }
}

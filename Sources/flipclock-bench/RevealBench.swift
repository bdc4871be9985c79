import FlipClockCore

extension Bench {
    /// One frame of the message panel opening over the bench's face (the lower part shifted,
    /// the panel's rows copied and shaded) against a memcpy of the whole screen, interleaved
    /// in the same rounds: the reveal should cost less than copying the screen once.
    static func measureReveal(_ scene: BenchScene, rounds: Int) throws -> (ours: Double, copy: Double, ratio: Double, rows: Int) {
        var face = scene.renderer()
        _ = try face.draw(BenchScene.from.map(CardPicture.resting))
        var panel = MessagePanel(layout: scene.layout, style: scene.configuration.style, glyphs: scene.font)
        let message = try panel.laidOut("Dinner is ready", for: .seconds(30))
        // The opening's 30 frames, each with the lower part further down.
        let offsets = (1...30).map { max(1, message.height * $0 / 30) }
        var source = face.canvas, target = Canvas(width: BenchScene.width, height: BenchScene.height)
        for i in source.pixels.indices { source.pixels[i] ^= UInt32(truncatingIfNeeded: i) }
        var rows = 0
        let t = try interleaved(offsets, rounds: rounds) { offset in
            let picture = RevealPicture(phase: .opening, message: message, number: 1, offset: offset, scroll: 0)
            let damage = try panel.draw(face: face.canvas, damage: [], picture: picture).damage
            rows = max(rows, damage.map(\.height).reduce(0, +))
        } reference: {
            copyScreen(from: source, to: &target)
        }
        return (t.ours, t.reference, t.ratio, rows)
    }

    /// The whole screen's pixels, one block.
    static func copyScreen(from source: Canvas, to target: inout Canvas) {
        source.pixels.withUnsafeBufferPointer { s in
            target.pixels.withUnsafeMutableBufferPointer { d in d.baseAddress!.update(from: s.baseAddress!, count: s.count) }
        }
    }
}

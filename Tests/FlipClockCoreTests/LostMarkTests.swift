import FlipClockCore
import Testing

/// The lost-leader mark's place and its frames over a face.
@Suite struct LostMarkTests {
    /// 3 % of the shorter side, centred in the margin's top-right corner; in the corner when
    /// the margin is narrower than the mark.
    @Test(arguments: [
        (1920, 1080, 0.06, DamageRect(x: 1872, y: 16, width: 32, height: 32)),
        (1080, 1920, 0.06, DamageRect(x: 1032, y: 16, width: 32, height: 32)),
        (1920, 1080, 0.0, DamageRect(x: 1880, y: 8, width: 32, height: 32)),
        (96, 60, 0.06, DamageRect(x: 89, y: 1, width: 6, height: 6)),
    ])
    func theMarkSitsInTheTopRightMargin(_ width: Int, _ height: Int, _ margin: Double, _ area: DamageRect) {
        #expect(LostMark(width: width, height: height, margin: margin).area == area)
    }

    /// The first frame is the face with the mark, whole; a face at rest then draws nothing; a
    /// change under the mark is drawn with the mark over it again.
    @Test func framesCopyOnlyWhatTheFaceChanged() {
        var face = Canvas(width: 200, height: 100, fill: 0xFF20_2020)
        var mark = LostMark(width: 200, height: 100, margin: 0.06)
        let first = mark.frame(face: face, damage: [])
        #expect(first.damage == [face.bounds])
        #expect(first.canvas == mark.drawn(over: face))
        #expect(first.canvas != face)
        #expect(mark.frame(face: face, damage: []).damage.isEmpty)
        face.fill(DamageRect(x: 150, y: 0, width: 50, height: 20), with: 0xFFFF_FFFF)
        let changed = mark.frame(face: face, damage: [DamageRect(x: 150, y: 0, width: 50, height: 20)])
        #expect(changed.damage == [DamageRect(x: 150, y: 0, width: 50, height: 20)])
        #expect(changed.canvas == mark.drawn(over: face))
    }
}

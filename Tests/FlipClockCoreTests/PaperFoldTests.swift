import Foundation
import Testing

@testable import FlipClockCore

/// The paper fold's geometry against a floating-point oracle built the way the seed builds
/// it: each half a layer anchored at the fold line, `CATransform3DMakeTranslation(0, 0, z)`
/// then `CATransform3DRotate(±θ)`, seen through the folding layer's perspective
/// (m34 = −1/D about the fold line), as 4 × 4 matrices on homogeneous row vectors.
@Suite struct PaperFoldTests {
    typealias Matrix = OracleMatrix.Matrix
    static let multiply = OracleMatrix.multiply, translation = OracleMatrix.translation, rotation = OracleMatrix.rotation

    /// The seed's angles for each half: pinch turns the halves by θ and −θ so both outer
    /// edges come forward; the folds turn both by the same angle so they line up in one plane.
    static func angles(_ state: PaperFold.State, _ theta: Double) -> (top: Double, bottom: Double) {
        switch state {
        case .flat: (0, 0)
        case .pinch: (theta, -theta)
        case .foldBack: (-theta, -theta)
        case .foldUp: (theta, theta)
        }
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var x, top, width, height, vanishingX, eyeDistance: Double
        var testDescription: String { "row \(Int(width))×\(Int(height)) at (\(Int(x)), \(Int(top))), eye \(Int(eyeDistance))" }

        func fold(_ openness: Double, _ state: PaperFold.State) -> PaperFold {
            PaperFold(
                x: x, top: top, width: width, height: height, vanishingX: vanishingX, eyeDistance: eyeDistance, openness: openness, state: state)
        }
    }

    static let rows = [
        // A clock's row of cards left of the face's centre, the eye five card heights away.
        Row(x: 100, top: 200, width: 1400, height: 360, vanishingX: 960, eyeDistance: 1800),
        // A narrow row right of the centre with a close eye.
        Row(x: 1200, top: 700, width: 300, height: 120, vanishingX: 960, eyeDistance: 200),
    ]

    static let openness = [1.0, 0.97, 0.8, 0.5, 0.3, 0.1, 0.02]

    /// The oracle's transform of one half: the seed's translate-then-rotate about the anchor,
    /// the anchor at the fold line, then perspective about the fold line's point under the vanishing x.
    static func oracle(_ row: Row, openness: Double, state: PaperFold.State, half: CardHalf) -> Matrix {
        let h = row.height / 2
        let y = state == .flat ? h : openness * h
        let theta = acos(y / h)
        let z = state == .flat ? 0 : h * sin(theta)
        let angle = half == .top ? angles(state, theta).top : angles(state, theta).bottom
        let foldLine = row.top + y
        var perspective = translation(0, 0, 0)
        perspective[2][3] = -1 / row.eyeDistance
        // Row vectors: the rightmost matrix applies last. Rotate, then push back by z.
        return [
            rotation(angle), translation(0, 0, -z), translation(0, foldLine, 0),
            translation(-row.vanishingX, -foldLine, 0), perspective, translation(row.vanishingX, foldLine, 0),
        ].reduce(translation(0, 0, 0), multiply)
    }

    /// Where the oracle puts the point at column `x`, distance `r` from the fold line on `half`.
    static func apply(_ m: Matrix, x: Double, r: Double, half: CardHalf) -> (x: Double, y: Double) {
        let p = [x, half == .top ? -r : r, 0, 1]
        let q = (0..<4).map { j in (0..<4).reduce(0) { $0 + p[$1] * m[$1][j] } }
        return (q[0] / q[3], q[1] / q[3])
    }

    @Test(arguments: rows, PaperFold.State.allCases)
    func cornersEqualTheOracle(_ row: Row, _ state: PaperFold.State) {
        var worst = 0.0
        for open in Self.openness {
            let fold = row.fold(open, state)
            for half in [fold.topHalf, fold.bottomHalf] {
                let m = Self.oracle(row, openness: open, state: state, half: half.side)
                let h = row.height / 2
                let expected = [(row.x, 0.0), (row.x + row.width, 0), (row.x, h), (row.x + row.width, h)].map {
                    Self.apply(m, x: $0.0, r: $0.1, half: half.side)
                }
                for (ours, exact) in zip(half.corners, expected) {
                    worst = max(worst, abs(ours.x - exact.x), abs(ours.y - exact.y))
                }
            }
        }
        #expect(worst < 0.5, "worst corner \(worst) px off")
        #expect(worst < 1e-6, "the same projection, so only rounding differs: \(worst) px")
    }

    /// Each screen row the renderer draws takes one distance along the half and one
    /// horizontal scale; the point it samples for a pixel must project back onto that pixel.
    @Test(arguments: rows, PaperFold.State.allCases)
    func rowResampleSamplesWhatTheOracleShowsAtEachPixel(_ row: Row, _ state: PaperFold.State) {
        var worst = 0.0, rowsSeen = 0
        for open in Self.openness {
            let fold = row.fold(open, state)
            for half in [fold.topHalf, fold.bottomHalf] {
                let m = Self.oracle(row, openness: open, state: state, half: half.side)
                let bounds = half.bounds
                for y in bounds.y..<bounds.maxY {
                    let r = half.distance(atScreenY: Double(y) + 0.5)
                    guard r >= 0, r <= row.height / 2 else { continue }
                    rowsSeen += 1
                    let s = half.scale(atDistance: r)
                    for x in stride(from: bounds.x, to: bounds.maxX, by: 11) {
                        let rowX = (Double(x) + 0.5 - row.vanishingX) / s + row.vanishingX
                        guard rowX >= row.x, rowX <= row.x + row.width else { continue }
                        let exact = Self.apply(m, x: rowX, r: r, half: half.side)
                        worst = max(worst, abs(exact.x - (Double(x) + 0.5)), abs(exact.y - (Double(y) + 0.5)))
                    }
                }
            }
        }
        #expect(rowsSeen > 0)
        #expect(worst <= 0.5, "worst distance \(worst) px")
    }

    @Test(arguments: rows, PaperFold.State.allCases)
    func theFoldedRowTakesItsCurrentHeightFromItsTop(_ row: Row, _ state: PaperFold.State) {
        for open in Self.openness {
            let fold = row.fold(open, state)
            let expected = state == .flat ? row.height : open * row.height
            #expect(abs(fold.height - expected) < 1e-9)
            #expect(abs(fold.foldLineY - (row.top + expected / 2)) < 1e-9)
            // The edges the seed keeps on the screen plane project exactly onto the folded row's box.
            let top = fold.topHalf.project(x: row.x, distance: row.height / 2).y
            let bottom = fold.bottomHalf.project(x: row.x, distance: row.height / 2).y
            if state != .foldBack { #expect(abs(top - row.top) < 1e-9, "top edge at \(open)") }
            if state != .foldUp { #expect(abs(bottom - (row.top + expected)) < 1e-9, "bottom edge at \(open)") }
            // The edge pushed back lies inside the box, nearer the fold line.
            if state == .foldBack, open < 1 { #expect(top > row.top + 1e-9) }
            if state == .foldUp, open < 1 { #expect(bottom < row.top + expected - 1e-9) }
        }
    }

    static let pattern: Canvas = {
        var image = Canvas(width: 300, height: 120)
        var seed: UInt32 = 12345
        for i in image.pixels.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            image.pixels[i] = 0xFF00_0000 | (seed >> 8)
        }
        return image
    }()

    /// At openness 1 every state is flat, and flat is flat at any openness: the row is drawn
    /// exactly as it is, byte for byte, and nothing around it is touched.
    @Test(arguments: [(PaperFold.State.foldBack, 1.0), (.pinch, 1), (.foldUp, 1), (.flat, 1), (.flat, 0.3)])
    func aFlatFoldDrawsTheRowUnchanged(_ state: PaperFold.State, _ openness: Double) {
        let row = Self.rows[1]
        var expected = Canvas(width: 1920, height: 1080, fill: 0xFF20_2020)
        var canvas = expected
        expected.draw(Self.pattern, x: Int(row.x), y: Int(row.top))
        var renderer = FoldRenderer()
        let drawn = renderer.draw(Self.pattern, fold: row.fold(openness, state), into: &canvas, clip: canvas.bounds)
        #expect(canvas == expected)
        #expect(drawn == DamageRect(x: 1199, y: 699, width: 302, height: 122))
    }

    @Test(arguments: [PaperFold.State.foldBack, .pinch, .foldUp])
    func aClosedFoldHasNoHeightAndDrawsNothing(_ state: PaperFold.State) {
        let row = Self.rows[1]
        let fold = row.fold(0, state)
        #expect(fold.height == 0)
        #expect(fold.bounds.isEmpty)
        let before = Canvas(width: 1920, height: 1080, fill: 0xFF20_2020)
        var canvas = before
        var renderer = FoldRenderer()
        let drawn = renderer.draw(Self.pattern, fold: fold, into: &canvas, clip: canvas.bounds)
        #expect(drawn.isEmpty)
        #expect(canvas == before)
    }

    /// Lit from above: a half whose upper end lies further back faces the light.
    @Test func thePinchCreaseReadsAndTheFoldsAreOnePlane() {
        let row = Self.rows[0]
        let lighting = CardLighting()
        let shade = { (half: PaperFold.Half) in lighting.foldHalf(angle: half.fold.angle, facingUp: half.facesUp) }
        let pinch = row.fold(0.5, .pinch), back = row.fold(0.5, .foldBack), up = row.fold(0.5, .foldUp)
        #expect(!pinch.topHalf.facesUp && pinch.bottomHalf.facesUp)
        #expect(back.topHalf.facesUp && back.bottomHalf.facesUp)
        #expect(!up.topHalf.facesUp && !up.bottomHalf.facesUp)
        // θ = 60°: the half facing down darkens by half of sin θ, the one facing up by 0.15 of it.
        #expect(shade(pinch.topHalf) == 145)
        #expect(shade(pinch.bottomHalf) == 222)
        #expect(shade(row.fold(1, .pinch).topHalf) == 255)
    }

    @Test func aRowAppearsAndDisappearsOverItsDuration() {
        let appear = RowFold(.appear, at: .seconds(10), duration: .milliseconds(400), easing: .linear)
        #expect(appear.openness(at: .seconds(9)) == 0)
        #expect(appear.openness(at: .seconds(10)) == 0)
        #expect(abs(appear.openness(at: .seconds(10) + .milliseconds(100)) - 0.25) < 1e-12)
        #expect(appear.openness(at: .seconds(10) + .milliseconds(200)) == 0.5)
        #expect(appear.openness(at: .seconds(10) + .milliseconds(400)) == 1)
        #expect(appear.openness(at: .seconds(11)) == 1)
        #expect(!appear.isFinished(at: .seconds(10) + .milliseconds(399)))
        #expect(appear.isFinished(at: .seconds(10) + .milliseconds(400)))

        let disappear = RowFold(.disappear, at: .seconds(10))
        #expect(disappear.duration == .milliseconds(400) && disappear.easing == .easeInOut)
        #expect(disappear.openness(at: .seconds(10)) == 1)
        #expect(disappear.openness(at: .seconds(10) + .milliseconds(200)) == 0.5)
        // Ease-in-out: a quarter of the way in, it has closed by 4·0.25³ = 1/16.
        #expect(abs(disappear.openness(at: .seconds(10) + .milliseconds(100)) - 0.9375) < 1e-12)
        #expect(disappear.openness(at: .seconds(10) + .milliseconds(400)) == 0)
        #expect(disappear.isFinished(at: .seconds(12)))
    }
}

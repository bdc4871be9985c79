import Foundation
import Testing

@testable import FlipClockCore

/// The flap's geometry against a floating-point projection oracle built the way the seed
/// builds it: a rotation about the x axis, then Core Animation's perspective (m34 = −1/D)
/// about the vanishing point, as 4 × 4 matrices on homogeneous row vectors.
@Suite struct FlapGeometryTests {
    typealias Matrix = OracleMatrix.Matrix
    static let multiply = OracleMatrix.multiply, translation = OracleMatrix.translation

    static func oracle(_ g: FlapGeometry, degrees: Double, x: Double, r: Double) -> (x: Double, y: Double) {
        apply(oracle(g, degrees: degrees), x: x, r: r)
    }

    static func apply(_ m: Matrix, x: Double, r: Double) -> (x: Double, y: Double) {
        let p = [x, -r, 0, 1]
        let q = (0..<4).map { j in (0..<4).reduce(0) { $0 + p[$1] * m[$1][j] } }
        return (q[0] / q[3], q[1] / q[3])
    }

    /// The oracle's whole transform for one angle.
    static func oracle(_ g: FlapGeometry, degrees: Double) -> Matrix {
        let t = degrees * .pi / 180
        // Rotating about x: the flap's top (−y in screen terms) comes out toward +z.
        let rotation = OracleMatrix.rotation(t)
        var perspective = translation(0, 0, 0)
        perspective[2][3] = -1 / g.eyeDistance
        return [
            rotation, translation(0, g.hingeY, 0), translation(-g.vanishingX, -g.vanishingY, 0), perspective,
            translation(g.vanishingX, g.vanishingY, 0),
        ].reduce(translation(0, 0, 0), multiply)
    }

    static let geometries = [
        // A card left of and level with the vanishing point, as in a row of cards.
        FlapGeometry(cardX: 100, cardWidth: 240, hingeY: 540, halfHeight: 180, vanishingX: 960, vanishingY: 540, eyeDistance: 1260),
        // A card above and right of it (a second row), with a close eye.
        FlapGeometry(cardX: 1300, cardWidth: 120, hingeY: 300, halfHeight: 90, vanishingX: 960, vanishingY: 540, eyeDistance: 300),
    ]

    static let angles = stride(from: 0.0, through: 180.0, by: 0.5).map { $0 }

    @Test(arguments: geometries) func projectionEqualsTheOracleEverywhereOnTheFlap(_ g: FlapGeometry) {
        var worst = 0.0
        for angle in Self.angles {
            let p = FlapProjection(geometry: g, angle: angle)
            let m = Self.oracle(g, degrees: angle)
            for r in stride(from: 0.0, through: g.halfHeight, by: g.halfHeight / 8) {
                for x in [g.cardX, g.cardX + g.cardWidth / 3, g.cardX + g.cardWidth] {
                    let ours = p.project(x: x, distance: r), exact = Self.apply(m, x: x, r: r)
                    worst = max(worst, abs(ours.x - exact.x), abs(ours.y - exact.y))
                }
            }
        }
        #expect(worst < 1e-6)
    }

    /// Each screen row the renderer draws takes one flap distance and one horizontal scale;
    /// the source point it samples for a pixel must project back onto that pixel.
    @Test(arguments: geometries) func rowResampleSamplesWhatTheOracleShowsAtEachPixel(_ g: FlapGeometry) {
        var worst = 0.0
        for angle in Self.angles {
            let p = FlapProjection(geometry: g, angle: angle)
            let m = Self.oracle(g, degrees: angle)
            let bounds = p.bounds
            for y in bounds.y..<bounds.maxY {
                let r = p.distance(atScreenY: Double(y) + 0.5)
                guard r >= 0, r <= g.halfHeight else { continue }
                let s = p.scale(atDistance: r)
                for x in stride(from: bounds.x, to: bounds.maxX, by: 7) {
                    // The renderer's linear map from screen column to card column.
                    let cardX = (Double(x) + 0.5 - g.vanishingX) / s + g.vanishingX
                    guard cardX >= g.cardX, cardX <= g.cardX + g.cardWidth else { continue }
                    let exact = Self.apply(m, x: cardX, r: r)
                    worst = max(worst, abs(exact.x - (Double(x) + 0.5)), abs(exact.y - (Double(y) + 0.5)))
                }
            }
        }
        #expect(worst <= 0.5, "worst distance \(worst) px")
    }

    /// Renders a solid flap and finds its edges where coverage crosses one half: they must lie
    /// within 0.5 px of the oracle's edges at every angle.
    @Test(arguments: geometries) func renderedFlapEdgesMatchTheOracle(_ g: FlapGeometry) {
        let image = Canvas(width: Int(g.cardWidth), height: Int(g.halfHeight), fill: 0xFFFF_FFFF)
        var renderer = FlapRenderer()
        var worstSide = 0.0, worstEnd = 0.0
        for angle in stride(from: 0.0, through: 180.0, by: 1.5) {
            let p = FlapProjection(geometry: g, angle: angle)
            var canvas = Canvas(width: 1920, height: 1080)
            renderer.draw(image, half: angle < 90 ? .top : .bottom, projection: p, shade: 255, into: &canvas, clip: canvas.bounds)
            let area = p.bounds
            let near = p.project(x: g.cardX, distance: 0), far = p.project(x: g.cardX, distance: g.halfHeight)
            let nearRight = p.project(x: g.cardX + g.cardWidth, distance: 0)
            let farRight = p.project(x: g.cardX + g.cardWidth, distance: g.halfHeight)
            let top = min(near.y, far.y), bottom = max(near.y, far.y)
            guard bottom - top > 3 else { continue }
            // Left and right edges on rows well inside the flap.
            for y in Int(top.rounded(.up)) + 1..<Int(bottom) - 1 {
                let yc = Double(y) + 0.5
                let t = (yc - near.y) / (far.y - near.y)
                let left = near.x + (far.x - near.x) * t, right = nearRight.x + (farRight.x - nearRight.x) * t
                let alpha = (0..<area.maxX).map { $0 < area.x ? 0 : Double(canvas[$0, y] >> 24) / 255 }
                worstSide = max(worstSide, abs(Self.crossing(alpha, from: Int(left) - 3, rising: true) - left))
                worstSide = max(worstSide, abs(Self.crossing(alpha, from: Int(right) - 3, rising: false) - right))
            }
            // The far edge, down the screen column through its middle (the flap is a trapezoid).
            let column = Int(p.project(x: g.cardX + g.cardWidth / 2, distance: g.halfHeight).x)
            let alpha = (0..<area.maxY).map { $0 < area.y ? 0 : Double(canvas[column, $0] >> 24) / 255 }
            let farY = p.project(x: Double(column) + 0.5, distance: g.halfHeight).y
            // The far edge is the flap's top on screen when it lies above the hinge.
            let found = Self.crossing(alpha, from: Int(farY) - 3, rising: far.y < near.y)
            worstEnd = max(worstEnd, abs(found - farY))
        }
        #expect(worstSide <= 0.5, "sides off by \(worstSide) px")
        #expect(worstEnd <= 0.5, "far edge off by \(worstEnd) px")
    }

    /// Where a coverage profile first crosses one half after `from`, with sub-pixel position
    /// (pixel centres at i + 0.5, linear between them).
    static func crossing(_ profile: [Double], from start: Int, rising: Bool) -> Double {
        var i = max(start, 0)
        while i + 1 < profile.count {
            let a = profile[i], b = profile[i + 1]
            if rising ? (a < 0.5 && b >= 0.5) : (a >= 0.5 && b < 0.5) {
                return Double(i) + 0.5 + (0.5 - a) / (b - a)
            }
            i += 1
        }
        return .nan
    }

    @Test func aFlatFlapCopiesItsImageExactly() {
        let g = Self.geometries[0]
        var image = Canvas(width: 240, height: 180)
        for i in image.pixels.indices { image.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF) }
        var renderer = FlapRenderer()
        for (angle, half) in [(0.0, CardHalf.top), (180.0, .bottom)] {
            var canvas = Canvas(width: 1920, height: 1080)
            renderer.draw(image, half: half, projection: FlapProjection(geometry: g, angle: angle), shade: 255, into: &canvas, clip: canvas.bounds)
            let y = half == .top ? 540 - 180 : 540
            #expect(canvas.cropped(to: DamageRect(x: 100, y: y, width: 240, height: 180)) == image)
        }
    }

    @Test func anEdgeOnFlapLevelWithTheEyeDrawsNothing() {
        let g = Self.geometries[0]
        var canvas = Canvas(width: 1920, height: 1080)
        var renderer = FlapRenderer()
        renderer.draw(
            Canvas(width: 240, height: 180, fill: 0xFFFF_FFFF), half: .top, projection: FlapProjection(geometry: g, angle: 90), shade: 255,
            into: &canvas, clip: canvas.bounds)
        #expect(canvas.pixels.allSatisfy { $0 == 0 })
    }
}

extension FlapGeometry: CustomTestStringConvertible {
    public var testDescription: String { "card at x \(Int(cardX)), hinge \(Int(hingeY)), eye \(Int(eyeDistance))" }
}

import Testing

@testable import FlipClockCore

/// How far a flap near lying flat is drawn from flat: the bound a flip's first and last
/// frames are laid flat by.
@Suite struct FlapFlatTests {
    /// The largest distance any of the flap's corners and mid-points is projected from where
    /// it lies flat, turned `degrees` out of lying flat on `half`.
    static func moved(_ g: FlapGeometry, degrees: Double, half: CardHalf) -> Double {
        let flat = FlapProjection(geometry: g, angle: half == .top ? 0 : 180)
        let turned = FlapProjection(geometry: g, angle: half == .top ? degrees : 180 - degrees)
        var most = 0.0
        for x in [g.cardX, g.cardX + g.cardWidth / 2, g.cardX + g.cardWidth] {
            for r in [0, g.halfHeight / 2, g.halfHeight] {
                let a = flat.project(x: x, distance: r), b = turned.project(x: x, distance: r)
                most = max(most, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
            }
        }
        return most
    }

    @Test(arguments: FlapGeometryTests.geometries, [CardHalf.top, .bottom])
    func theBoundHoldsAndIsNotLoose(_ g: FlapGeometry, _ half: CardHalf) {
        for degrees in stride(from: 0.05, through: 10, by: 0.05) {
            let bound = g.shift(fromFlat: degrees, half: half), real = Self.moved(g, degrees: degrees, half: half)
            #expect(real <= bound, "\(degrees)°: moved \(real) px, bound \(bound)")
            // Within twice the real motion: the rule lays flat no more than half of what it could.
            #expect(bound <= 2 * real + 1e-9, "\(degrees)°: moved \(real) px, bound \(bound)")
        }
        #expect(g.shift(fromFlat: 0, half: half) == 0)
    }
}

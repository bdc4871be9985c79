import Glibc

/// The flap of a card turned by an angle about its hinge, seen in perspective.
///
/// The angle runs 0°…180°: 0° is the flap lying on the top half, 90° edge-on toward the
/// viewer, 180° lying on the bottom half. A point of the flap at distance `r` from the
/// hinge sits at height `r·cos θ` above the hinge and depth `z = r·sin θ` toward the viewer,
/// and projects with scale `s = D / (D − z)` about the vanishing point.
///
/// Because the hinge is horizontal, a screen row meets the flap along one line of constant
/// `r`: the inverse mapping is one division per row, and along the row the source is a
/// linear function of x with slope `1/s`.
public struct FlapProjection: Sendable {
    public let geometry: FlapGeometry
    public let angle: Double
    let cosine: Double
    let sine: Double

    public init(geometry: FlapGeometry, angle degrees: Double) {
        self.geometry = geometry
        self.angle = degrees
        let radians = degrees * Double.pi / 180
        // Snap the exact angles so the flat flap maps rows one to one.
        cosine = degrees == 0 ? 1 : degrees == 180 ? -1 : degrees == 90 ? 0 : cos(radians)
        sine = degrees == 0 || degrees == 180 ? 0 : degrees == 90 ? 1 : sin(radians)
    }

    /// The perspective scale of flap points at distance `r` from the hinge.
    @inline(__always) public func scale(atDistance r: Double) -> Double {
        geometry.eyeDistance / (geometry.eyeDistance - r * sine)
    }

    /// Where the flap point at column `x` (screen x of the unturned card) and distance `r`
    /// from the hinge appears on the screen.
    public func project(x: Double, distance r: Double) -> (x: Double, y: Double) {
        let g = geometry
        let s = scale(atDistance: r)
        let y = g.hingeY - r * cosine
        return (g.vanishingX + (x - g.vanishingX) * s, g.vanishingY + (y - g.vanishingY) * s)
    }

    /// The distance from the hinge of the flap line that projects to screen height `y`.
    ///
    /// Not clamped: values outside `0...halfHeight` mean the row misses the flap.
    /// Solves `y = cy + (hingeY − r·cos θ − cy)·D/(D − r·sin θ)` for `r`.
    @inline(__always) public func distance(atScreenY y: Double) -> Double {
        let g = geometry
        let a = g.hingeY - g.vanishingY
        let v = y - g.vanishingY
        let denominator = g.eyeDistance * cosine - v * sine
        if denominator == 0 { return .infinity }
        return g.eyeDistance * (a - v) / denominator
    }

    /// The screen rectangle the flap may touch, one pixel wider on each side for its
    /// anti-aliased edges.
    public var bounds: DamageRect {
        let g = geometry
        let corners = [
            project(x: g.cardX, distance: 0), project(x: g.cardX + g.cardWidth, distance: 0),
            project(x: g.cardX, distance: g.halfHeight), project(x: g.cardX + g.cardWidth, distance: g.halfHeight),
        ]
        let x0 = corners.map(\.x).min()!, x1 = corners.map(\.x).max()!
        let y0 = corners.map(\.y).min()!, y1 = corners.map(\.y).max()!
        let left = Int(floor(x0)) - 1, top = Int(floor(y0)) - 1
        return DamageRect(x: left, y: top, width: Int(ceil(x1)) + 1 - left, height: Int(ceil(y1)) + 1 - top)
    }
}

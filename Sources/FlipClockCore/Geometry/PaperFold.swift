import Glibc

/// A row folded like paper (seeds 000–002): two halves hinged at the fold line, pushed back
/// and turned so the row is `openness` of its height, seen in perspective.
///
/// The row is split at its middle into a top half and a bottom half of height `h`, each
/// anchored at the fold line. For a current half height `y = openness·h` the seed's one
/// formula gives every state: `θ = acos(y/h)`, `z = h·sin θ`; both halves are pushed back
/// by `z` and turned by `±θ` about the fold line:
///
/// | state | side view | top half | bottom half |
/// |---|---|---|---|
/// | flat | `\|` | not turned | not turned |
/// | fold back | `\` | top edge back, bottom edge on the screen | in one plane with the top |
/// | pinch | `<` | outer edge on the screen, fold line back | outer edge on the screen |
/// | fold up | `/` | top edge on the screen, bottom edge back | in one plane with the top |
///
/// Flat draws the row as it is whatever the openness; the other states are flat at
/// openness 1 and have no height at 0. The folded row keeps its top where the caller puts
/// it: it takes `height = 2y` of the screen from `top` down, the fold line at `top + y`, so
/// the rows below it move up by `2h − 2y`.
///
/// Perspective is the flip's: the eye `eyeDistance` in front of the screen (the flip uses
/// `perspective ×` card height), its horizontal vanishing point the face's. Its vertical
/// vanishing point is the fold line, as in the seed, where the perspective belongs to the
/// folding row (Core Animation's `sublayerTransform`): so the two halves never overlap on
/// the screen, and a fold closing to openness 0 lies edge-on and vanishes instead of
/// showing paper lying flat in depth above or below the eye.
public struct PaperFold: Equatable, Sendable {
    /// The seed's four cell states, by its names.
    public enum State: String, CaseIterable, Equatable, Sendable {
        case flat
        case foldBack = "fold back"
        case pinch
        case foldUp = "fold up"
    }

    /// Left edge of the row.
    public let x: Double
    /// Top edge of the folded row on the screen.
    public let top: Double
    public let width: Double
    /// Half the row's flat height: each half's length.
    public let halfHeight: Double
    public let vanishingX: Double
    public let eyeDistance: Double
    /// The current half height over the flat one, 0…1.
    public let openness: Double
    public let state: State
    /// θ in radians: how far each half is turned out of the screen plane.
    public let angle: Double
    let cosine: Double
    let sine: Double

    /// Folds the row whose flat rectangle is `x`, `top`, `width`, `height` (both halves).
    public init(
        x: Double, top: Double, width: Double, height: Double, vanishingX: Double, eyeDistance: Double,
        openness: Double, state: State
    ) {
        precondition(height > 0 && width > 0, "a row has a size")
        precondition(eyeDistance > 0, "the eye is in front of the screen")
        self.x = x
        self.top = top
        self.width = width
        self.halfHeight = height / 2
        self.vanishingX = vanishingX
        self.eyeDistance = eyeDistance
        self.openness = min(max(openness, 0), 1)
        self.state = state
        // Snap the ends so a flat row maps rows one to one and a closed one is exactly edge-on.
        let c = state == .flat ? 1 : self.openness
        angle = acos(c)
        cosine = c
        sine = c == 1 ? 0 : c == 0 ? 1 : sin(angle)
    }

    /// The current half height `y = h·cos θ`.
    public var currentHalfHeight: Double { halfHeight * cosine }
    /// How much of the screen the folded row takes: the rows below it start at `top + height`.
    public var height: Double { 2 * currentHalfHeight }
    /// The fold line's screen row: both anchors, and the vertical vanishing point.
    public var foldLineY: Double { top + currentHalfHeight }
    /// How far the fold line is pushed back from the screen, `z = h·sin θ`.
    public var depth: Double { halfHeight * sine }

    public var topHalf: Half { Half(fold: self, side: .top) }
    public var bottomHalf: Half { Half(fold: self, side: .bottom) }

    /// The screen rectangle the folded row may touch (empty when it is closed).
    public var bounds: DamageRect { topHalf.bounds.union(bottomHalf.bounds) }

    /// One half of the folded row: a strip of length `h` from the fold line, pushed back by
    /// `z` and turned by `±θ`.
    ///
    /// A point at distance `r` from the fold line sits at height `foldLineY ∓ r·cos θ` and
    /// depth `−z ± r·sin θ`, and projects with scale `D / (D − depth)` about the vanishing point.
    public struct Half: RowProjection, Equatable {
        public let fold: PaperFold
        public let side: CardHalf

        /// +1 where the half's outer edge comes toward the screen, −1 where it goes further back.
        var turn: Double {
            switch (fold.state, side) {
            case (.foldBack, .top), (.foldUp, .bottom): -1
            default: 1
            }
        }

        /// −1 for the top half (it runs up the screen from the fold line), +1 for the bottom.
        var direction: Double { side == .top ? -1 : 1 }

        /// Depth of the half's points at distance `r` from the fold line (toward the viewer is positive).
        @inline(__always) public func depth(atDistance r: Double) -> Double {
            -fold.depth + turn * r * fold.sine
        }

        @inline(__always) public func scale(atDistance r: Double) -> Double {
            fold.eyeDistance / (fold.eyeDistance - depth(atDistance: r))
        }

        /// Where the point at column `x` (screen x of the flat row) and distance `r` from the
        /// fold line appears on the screen.
        public func project(x: Double, distance r: Double) -> (x: Double, y: Double) {
            let s = scale(atDistance: r)
            return (fold.vanishingX + (x - fold.vanishingX) * s, fold.foldLineY + direction * r * fold.cosine * s)
        }

        /// Solves `y = foldLineY ± r·cos θ · D / (D + z ∓ r·sin θ)` for `r`.
        @inline(__always) public func distance(atScreenY y: Double) -> Double {
            let v = y - fold.foldLineY
            let d = fold.eyeDistance
            let denominator = d * direction * fold.cosine + v * turn * fold.sine
            if denominator == 0 { return .infinity }
            return v * (d + fold.depth) / denominator
        }

        public var vanishingX: Double { fold.vanishingX }
        public var left: Double { fold.x }

        /// Whether the half faces up into the light from above: its upper end lies further back.
        public var facesUp: Bool {
            fold.sine > 0 && (side == .top ? turn < 0 : turn > 0)
        }

        /// The four corners on the screen: at the fold line left and right, then at the outer edge.
        public var corners: [(x: Double, y: Double)] {
            let h = fold.halfHeight, l = fold.x, r = fold.x + fold.width
            return [project(x: l, distance: 0), project(x: r, distance: 0), project(x: l, distance: h), project(x: r, distance: h)]
        }

        /// The screen rectangle the half may touch, one pixel wider on each side for its
        /// anti-aliased edges; empty when the fold is closed.
        public var bounds: DamageRect {
            guard fold.cosine > 0 else { return DamageRect(x: 0, y: 0, width: 0, height: 0) }
            let corners = self.corners
            let x0 = corners.map(\.x).min()!, x1 = corners.map(\.x).max()!
            let y0 = corners.map(\.y).min()!, y1 = corners.map(\.y).max()!
            let left = Int(floor(x0)) - 1, top = Int(floor(y0)) - 1
            return DamageRect(x: left, y: top, width: Int(ceil(x1)) + 1 - left, height: Int(ceil(y1)) + 1 - top)
        }
    }
}

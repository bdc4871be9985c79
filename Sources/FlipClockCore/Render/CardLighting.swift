import Glibc

/// How light falls on a flipping card: the flap darkens as it turns away from the light,
/// and casts a shadow on the halves it passes over.
///
/// The light comes from above and in front. Values are shade factors for
/// ``PixelMath/shade(_:by:)``: 255 is fully lit.
public struct CardLighting: Equatable, Sendable {
    /// 0 draws no shading at all, 1 the standard amount.
    public var strength: Double

    public init(strength: Double = 1) {
        self.strength = strength
    }

    /// The flap: its front (the current top) turns its face down, away from the light, as it
    /// nears 90°; its back (the next bottom) comes up into the light as it lands.
    public func flap(angle: Double) -> UInt32 {
        let s = sinDegrees(angle)
        return factor(darkness: angle < 90 ? 0.5 * s : 0.38 * s)
    }

    /// The static top half, revealed as the flap leaves it: in the flap's shadow while the flap
    /// leans over it, lit again as the flap goes edge-on (and untouched while it lies flat).
    public func staticTop(_ picture: CardPicture) -> UInt32 {
        guard let flap = picture.flap, flap.angle < 90 else { return 255 }
        return factor(darkness: 0.35 * sinDegrees(2 * flap.angle))
    }

    /// The static bottom half, a row `row` of `height` below the hinge: the flap's shadow
    /// falls from the hinge down, darkest there, reaching further as the flap comes down over
    /// it, and is gone when the flap lies on it (the flap is then the bottom half). Rows the
    /// shadow does not reach stay fully lit, so they are copied, not shaded.
    public func staticBottom(_ picture: CardPicture, row: Int, height: Int) -> UInt32 {
        shadow(picture, height: height).shade(row: row)
    }

    /// The flap's shadow on a static bottom half `height` rows tall, worked out once for all
    /// its rows: ``staticBottom(_:row:height:)`` is `shadow(picture, height: height).shade(row:)`.
    public func shadow(_ picture: CardPicture, height: Int) -> Shadow {
        guard let flap = picture.flap else { return Shadow(reach: 0, depth: 0, lighting: self) }
        return Shadow(reach: (1 - cosDegrees(flap.angle)) / 2 * Double(max(height, 1)), depth: shadowDepth(picture), lighting: self)
    }

    /// How the flap's shadow falls on a static bottom half: darkest at the hinge, fading to
    /// nothing `reach` rows below it.
    public struct Shadow: Sendable {
        let reach: Double
        let depth: Double
        let lighting: CardLighting

        /// The shade of the row `row` rows below the hinge.
        @inline(__always) public func shade(row: Int) -> UInt32 {
            guard Double(row) < reach else { return 255 }
            return lighting.factor(darkness: depth * (1 - Double(row) / reach))
        }
    }

    /// How many rows below the hinge, of a static bottom half `height` rows tall, the flap's
    /// shadow reaches: the rest are fully lit.
    public func shadowRows(_ picture: CardPicture, height: Int) -> Int {
        guard let flap = picture.flap else { return 0 }
        let reach = (1 - cosDegrees(flap.angle)) / 2 * Double(max(height, 1))
        return min(height, Int(reach.rounded(.up)))
    }

    /// How dark the flap's shadow is on the static bottom half at the hinge, 0…0.5.
    public func shadowDepth(_ picture: CardPicture) -> Double {
        guard let flap = picture.flap, strength > 0 else { return 0 }
        return 0.5 * sinDegrees(flap.angle) * (1 - cosDegrees(flap.angle)) / 2
    }

    /// A half of a paper fold turned `angle` radians out of the screen plane: a half facing
    /// up, its upper end further back, catches the light from above and darkens only a little
    /// as it turns from the viewer; a half facing down turns away from the light as the flap's
    /// front does. A pinch's halves differ, so its crease reads.
    public func foldHalf(angle: Double, facingUp: Bool) -> UInt32 {
        let s = angle == 0 ? 0 : sin(angle)
        return factor(darkness: facingUp ? 0.15 * s : 0.5 * s)
    }

    @inline(__always) fileprivate func factor(darkness: Double) -> UInt32 {
        UInt32((255 * (1 - min(max(darkness * strength, 0), 1))).rounded())
    }
}

@inline(__always) func sinDegrees(_ d: Double) -> Double { d == 0 || d == 180 ? 0 : sin(d * .pi / 180) }
@inline(__always) func cosDegrees(_ d: Double) -> Double { d == 90 ? 0 : cos(d * .pi / 180) }

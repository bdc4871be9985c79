/// Where a face's flaps vanish toward: where the viewer's eye is, across the screen.
///
/// A viewer across a room sees each card nearly head-on, so each card turning in its own
/// perspective (`card`, the default) looks right on a wide face: a flap stays over its own
/// column. One vanishing point at the face's centre (`face`) is the eye a card height or
/// two from the middle of the screen: cards far from the centre turn visibly sideways, their
/// flaps swinging out past their column.
public enum VanishingPoint: String, CaseIterable, Equatable, Sendable {
    /// Each card's own: the middle of its hinge.
    case card
    /// The face's centre.
    case face
}

extension FlapGeometry {
    /// The flap's geometry of a card at `rect` on `layout`, the eye `perspective` card
    /// heights away, vanishing toward `vanishing`.
    public init(card rect: DamageRect, in layout: FaceLayout, perspective: Double, vanishing: VanishingPoint) {
        let hinge = Double(rect.y + rect.height / 2)
        self.init(
            cardX: Double(rect.x), cardWidth: Double(rect.width), hingeY: hinge, halfHeight: Double(rect.height / 2),
            vanishingX: vanishing == .card ? Double(rect.x) + Double(rect.width) / 2 : layout.vanishingX,
            vanishingY: vanishing == .card ? hinge : layout.vanishingY,
            eyeDistance: perspective * Double(rect.height)
        )
    }

    /// At most how far, in pixels, the flap leaves its card's column at any angle: a point of
    /// the flap's far edge is drawn at most `D/(D − h)` times as far from the vanishing point
    /// as on the card (edge-on), so the edge farther from the vanishing point moves out by its
    /// distance from it times `h/(D − h)`: `(w/2)·h/(D − h)` on the card's own, about 6 % of
    /// its width at the standard perspective.
    public var overhang: Double {
        max(vanishingX - cardX, cardX + cardWidth - vanishingX, 0) * halfHeight / (eyeDistance - halfHeight)
    }
}

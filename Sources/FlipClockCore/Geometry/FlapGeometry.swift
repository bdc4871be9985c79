/// Where a card sits on the screen and how the viewer looks at it.
///
/// Screen coordinates: x to the right, y down, in pixels; z toward the viewer.
public struct FlapGeometry: Equatable, Sendable {
    /// Left edge of the card.
    public var cardX: Double
    public var cardWidth: Double
    /// Screen row of the hinge: the boundary between the card's two halves.
    public var hingeY: Double
    /// Height of one half, which is the flap's length.
    public var halfHeight: Double
    /// The vanishing point: the centre of the clock face.
    public var vanishingX: Double
    public var vanishingY: Double
    /// The eye's distance from the screen plane, in pixels (the seed's 1/−m34).
    public var eyeDistance: Double

    public init(
        cardX: Double, cardWidth: Double, hingeY: Double, halfHeight: Double,
        vanishingX: Double, vanishingY: Double, eyeDistance: Double
    ) {
        precondition(eyeDistance > halfHeight, "the eye must be farther away than the flap is long")
        self.cardX = cardX
        self.cardWidth = cardWidth
        self.hingeY = hingeY
        self.halfHeight = halfHeight
        self.vanishingX = vanishingX
        self.vanishingY = vanishingY
        self.eyeDistance = eyeDistance
    }
}

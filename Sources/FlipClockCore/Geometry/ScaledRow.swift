/// A flat row of the face drawn at another size: scaled by one factor about a vertical line,
/// its top edge at a given height. Rows that stay while others fold (``RowChange``) move
/// and grow or shrink to their new place this way, through the same row resampler as a flap.
public struct ScaledRow: RowProjection, Equatable {
    public let top: Double
    public let factor: Double
    public let vanishingX: Double
    public var left: Double { 0 }

    public init(top: Double, factor: Double, centreX: Double) {
        precondition(factor > 0, "a row has a size")
        self.top = top
        self.factor = factor
        vanishingX = centreX
    }

    public func distance(atScreenY y: Double) -> Double { (y - top) / factor }
    public func scale(atDistance r: Double) -> Double { factor }
}

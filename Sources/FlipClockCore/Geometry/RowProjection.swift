/// A flat strip of paper turned about a horizontal axis and seen in perspective, as the
/// row-wise resampler needs it.
///
/// Because the axis is horizontal, each screen row meets the strip along one line at a
/// constant distance from the axis, and along that line the strip is scaled by one factor
/// about the vanishing point: drawing it is one division per row, no per-pixel work. The
/// flip's flap (``FlapProjection``) and each half of a paper fold (``PaperFold/Half``) are such strips.
public protocol RowProjection: Sendable {
    /// The distance from the axis of the strip line that projects to screen height `y`.
    ///
    /// Not clamped: values outside the strip's length mean the row misses it; a non-finite
    /// value means the row sees the strip edge-on.
    func distance(atScreenY y: Double) -> Double
    /// The perspective scale of strip points at distance `r` from the axis.
    func scale(atDistance r: Double) -> Double
    /// The screen x about which the strip scales.
    var vanishingX: Double { get }
    /// The screen x of the strip image's left edge before it is turned.
    var left: Double { get }
}

extension FlapProjection: RowProjection {
    public var vanishingX: Double { geometry.vanishingX }
    public var left: Double { geometry.cardX }
}

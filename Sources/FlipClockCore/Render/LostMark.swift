/// The mark a clock of a `[match]` shows while it has lost its leader: an amber ring edged in
/// black, 3 % of the screen's shorter side across, in the face's top-right margin.
///
/// The face's margin (``FaceLayout/Spacing/margin``) is empty of cards and labels, so the mark
/// hides none: it is centred in the margin's top-right corner (with a margin under the mark's
/// size, tucked into the corner). Like ``PairingOverlay`` it goes over each frame of the face:
/// ``frame(face:damage:)`` copies only what the face changed, so a face at rest under the mark
/// draws nothing; ``drawn(over:)`` is the same picture made whole.
public struct LostMark: Sendable {
    /// The mark's side as a share of the screen's shorter side.
    public static let share = 0.03
    /// Amber, the warning colour.
    public static let amber: UInt32 = 0xFFFF_B000
    /// Its edge, so it shows on a light face too.
    public static let edge: UInt32 = 0xFF00_0000

    /// The mark, premultiplied, transparent around the ring, over the face's frames.
    private var over: OverFace
    /// Where the mark lies on the screen.
    public var area: DamageRect { over.area }

    /// The mark on a `width × height` screen whose face keeps `margin` (a share of the shorter
    /// side) clear around it; at least 6 pixels across.
    public init(width: Int, height: Int, margin: Double) {
        let area = Self.corner(width: width, height: height, margin: margin, right: true)
        over = OverFace(Self.ring(side: area.width), at: area, opaque: false)
    }

    /// Where a mark lies on a `width × height` screen whose face keeps `margin` clear: a
    /// square 3 % of the shorter side (at least 6 pixels) centred in the margin's top-right
    /// (`right`) or top-left corner, tucked into the corner when the margin is narrower.
    static func corner(width: Int, height: Int, margin: Double, right: Bool) -> DamageRect {
        let short = Double(min(width, height))
        let side = max(6, Int((short * Self.share).rounded()))
        let clear = Int(short * margin)
        let inset = clear >= side ? (clear - side) / 2 : side / 4
        return DamageRect(x: right ? width - inset - side : inset, y: inset, width: side, height: side)
    }

    /// A ring `side` pixels across: amber between 45 % and 100 % of the radius, a black edge
    /// of a ninth of the radius inside and out; 4 × 4 samples a pixel.
    static func ring(side: Int) -> Canvas {
        var image = Canvas(width: side, height: side)
        let radius = Double(side) / 2, edge = radius / 9
        let outer = radius, amberOuter = radius - edge, amberInner = radius * 0.45, inner = amberInner - edge
        let samples = 4
        for y in 0..<side {
            for x in 0..<side {
                var amber = 0, black = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let dx = Double(x) + (Double(sx) + 0.5) / Double(samples) - radius
                        let dy = Double(y) + (Double(sy) + 0.5) / Double(samples) - radius
                        let d = (dx * dx + dy * dy).squareRoot()
                        if d >= amberInner && d <= amberOuter {
                            amber += 1
                        } else if d >= inner && d <= outer {
                            black += 1
                        }
                    }
                }
                let all = UInt32(samples * samples)
                let a = PixelMath.withCoverage(Self.amber, UInt32(amber) * 255 / all)
                let b = PixelMath.withCoverage(Self.edge, UInt32(black) * 255 / all)
                // The two parts of one pixel side by side: their premultiplied sum.
                image[x, y] = a &+ b
            }
        }
        return image
    }

    /// `face` with the mark over it.
    public func drawn(over face: Canvas) -> Canvas { over.drawn(over: face) }

    /// The frame to show over `face`, of which `damage` changed since the last frame
    /// (``OverFace/frame(face:damage:)``).
    public mutating func frame(face: Canvas, damage: [DamageRect]) -> (canvas: Canvas, damage: [DamageRect]) {
        over.frame(face: face, damage: damage)
    }

    /// What the last frame showed (`face` with the mark over it before the first).
    public func shownOver(face: Canvas) -> Canvas { over.shownOver(face: face) }
}

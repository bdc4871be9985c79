/// The mark a clock shows while the time is not synchronised (`[clock] unsynced = "mark"`):
/// a small grey clock face edged in black, its hands at three o'clock, in the face's top-left
/// margin, sized and placed as ``LostMark`` is on the right, so the two never meet.
///
/// Grey, not amber: the time shown is most likely right, only not confirmed yet. Like
/// ``LostMark`` it goes over each frame of the face (``OverFace``): a face at rest under it
/// draws nothing.
public struct SyncMark: Sendable {
    /// The face's grey.
    public static let grey: UInt32 = 0xFFA0_A0A0
    /// Its edge, so it shows on a light face too.
    public static let edge: UInt32 = 0xFF00_0000

    private var over: OverFace
    /// Where the mark lies on the screen.
    public var area: DamageRect { over.area }

    /// The mark on a `width × height` screen whose face keeps `margin` (a share of the shorter
    /// side) clear around it.
    public init(width: Int, height: Int, margin: Double) {
        let area = LostMark.corner(width: width, height: height, margin: margin, right: false)
        over = OverFace(Self.face(side: area.width), at: area, opaque: false)
    }

    /// A clock face `side` pixels across: a grey ring from 62 % of the radius out, an hour hand
    /// up and a minute hand to the right, each edged in black a ninth of the radius wide; 4 × 4
    /// samples a pixel.
    static func face(side: Int) -> Canvas {
        var image = Canvas(width: side, height: side)
        let radius = Double(side) / 2, edge = radius / 9
        let ringInner = radius * 0.62, ringOuter = radius - edge, hand = radius * 0.09
        // Within `grow` of a hand (dx to the right, dy down from the centre).
        func onHand(_ dx: Double, _ dy: Double, grow: Double) -> Bool {
            let w = hand + grow
            let hour = abs(dx) <= w && dy >= -(radius * 0.5 + grow) && dy <= w
            let minute = abs(dy) <= w && dx >= -w && dx <= radius * 0.42 + grow
            return hour || minute
        }
        let samples = 4
        for y in 0..<side {
            for x in 0..<side {
                var grey = 0, black = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let dx = Double(x) + (Double(sx) + 0.5) / Double(samples) - radius
                        let dy = Double(y) + (Double(sy) + 0.5) / Double(samples) - radius
                        let d = (dx * dx + dy * dy).squareRoot()
                        if (d >= ringInner && d <= ringOuter) || onHand(dx, dy, grow: 0) {
                            grey += 1
                        } else if (d >= ringInner - edge && d <= radius) || onHand(dx, dy, grow: edge) {
                            black += 1
                        }
                    }
                }
                let all = UInt32(samples * samples)
                // The two parts of one pixel side by side: their premultiplied sum.
                let g = PixelMath.withCoverage(Self.grey, UInt32(grey) * 255 / all)
                image[x, y] = g &+ PixelMath.withCoverage(Self.edge, UInt32(black) * 255 / all)
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

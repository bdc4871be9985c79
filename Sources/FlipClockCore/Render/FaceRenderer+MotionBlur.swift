/// Motion blur: a turning flap drawn as a camera or an eye sees it over a frame's exposure,
/// the average of the flap at evenly spaced angles along the part of its turn the exposure
/// saw. At 60 Hz a standard flip's flap turns up to 18° between frames (its fastest, at
/// edge-on); drawn at one angle it jumps, drawn over its sweep it moves.
extension FaceRenderer {
    /// The longest exposure a frame is given (a frame after a pause is not smeared over it).
    public static let longestExposure = Duration.milliseconds(34)
    /// At most how far apart, in degrees, the angles a blurred flap is drawn at are.
    static let blurStep = 2.0
    /// At most how many angles a blurred flap is drawn at.
    static let blurSamples = 8

    /// `picture` with its flap swept from where `earlier`'s flap was, on the same half of
    /// its turn (a flap that came over the edge in the exposure is swept from edge-on; one
    /// that started in it, from lying flat); unchanged when it turned less than half a degree.
    static func swept(_ picture: CardPicture, from earlier: CardPicture) -> CardPicture {
        guard var flap = picture.flap else { return picture }
        let flat: Double = flap.half == .top ? 0 : 90
        var from = earlier.flap.map { $0.half == flap.half && $0.value == flap.value ? $0.angle : 90 } ?? flat
        from = flap.half == .top ? min(max(from, 0), 90) : min(max(from, 90), 180)
        guard abs(flap.angle - from) >= 0.5 else { return picture }
        flap.sweptFrom = from
        var swept = picture
        swept.flap = flap
        return swept
    }

    /// The angles a flap swept from `from` to `to` is drawn at: the middles of equal parts.
    static func blurAngles(from: Double, to: Double) -> [Double] {
        let count = min(blurSamples, max(2, Int((abs(to - from) / blurStep).rounded(.up))))
        return (0..<count).map { from + (to - from) * (Double($0) + 0.5) / Double(count) }
    }

    /// The rectangle card `i`'s flap may touch in this frame: over its whole sweep, and the
    /// whole card when swept (its light is averaged over the sweep too).
    func sweptBounds(_ i: Int, _ flap: Flap) -> DamageRect {
        let now = projection(i, flap.angle).bounds
        guard let from = flap.sweptFrom else { return now }
        return ([from] + Self.blurAngles(from: from, to: flap.angle)).reduce(now.union(layout.slots[i].rect)) {
            $0.union(projection(i, $1).bounds)
        }
    }

    /// Draws card `i` of `picture`, its flap (`image`) turning, as the average of the card at
    /// each of its blur angles, its halves lit as at each (the flap's shadow moves with it).
    mutating func drawBlurred(_ image: Canvas, _ picture: CardPicture, from: Double, card i: Int, clip: DamageRect) throws {
        guard let flap = picture.flap else { return }
        let area = sweptBounds(i, flap).clipped(to: clip).clipped(to: canvas.bounds)
        guard !area.isEmpty else { return }
        let under = canvas.cropped(to: area)
        let angles = Self.blurAngles(from: from, to: flap.angle)
        // Each channel's sum over the angles, two channels a word apart (8 angles of 255 fit in 16 bits).
        var redBlue = [UInt32](repeating: 0, count: area.width * area.height), green = redBlue
        for angle in angles {
            var posed = picture
            posed.flap = Flap(value: flap.value, half: flap.half, angle: angle)
            canvas.copy(under, x: area.x, y: area.y, clip: area) { _ in 255 }
            try drawStatic(i, posed, clip: area)
            flapRenderer.draw(
                image, half: flap.half, projection: projection(i, angle), shade: lighting.flap(angle: angle), into: &canvas, clip: area)
            Self.accumulate(canvas, area, into: &redBlue, &green)
        }
        let n = UInt32(angles.count), half = n / 2
        let w = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<area.height {
                let row = dst.baseAddress! + (area.y + y) * w + area.x, k = y * area.width
                for x in 0..<area.width {
                    let rb = redBlue[k + x], g = green[k + x]
                    let red = ((rb >> 16) + half) / n, blue = ((rb & 0xFFFF) + half) / n
                    row[x] = 0xFF00_0000 | red << 16 | ((g + half) / n) << 8 | blue
                }
            }
        }
    }

    /// Adds `area` of `canvas` to the sums: red and blue in one word, green in the other.
    static func accumulate(_ canvas: Canvas, _ area: DamageRect, into redBlue: inout [UInt32], _ green: inout [UInt32]) {
        let w = canvas.width
        canvas.pixels.withUnsafeBufferPointer { src in
            redBlue.withUnsafeMutableBufferPointer { rb in
                green.withUnsafeMutableBufferPointer { g in
                    for y in 0..<area.height {
                        let row = src.baseAddress! + (area.y + y) * w + area.x, k = y * area.width
                        for x in 0..<area.width {
                            let p = row[x]
                            rb[k + x] &+= p & 0x00FF_00FF
                            g[k + x] &+= (p >> 8) & 0xFF
                        }
                    }
                }
            }
        }
    }
}

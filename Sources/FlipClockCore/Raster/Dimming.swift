extension Canvas {
    /// Copies `source`'s pixels in `rects` (clipped to both canvases) into this canvas with
    /// every colour channel scaled by `level` (0 … 1), as ``RGBColor/dimmed(to:)`` scales a
    /// colour; alpha is kept.
    ///
    /// A screen dims what it presents this way, so a brightness change draws nothing again:
    /// no layout, no glyphs, no cards.
    public mutating func copy(_ source: Canvas, dimmedTo level: Double, in rects: [DamageRect]) {
        // Each channel's value once, as a colour is dimmed.
        let table = (0..<256).map { UInt32(RGBColor(red: UInt8($0), green: 0, blue: 0).dimmed(to: level).red) }
        let bounds = self.bounds.clipped(to: source.bounds)
        let (w, sw) = (width, source.width)
        table.withUnsafeBufferPointer { t in
            source.pixels.withUnsafeBufferPointer { src in
                pixels.withUnsafeMutableBufferPointer { dst in
                    for rect in rects {
                        let r = rect.clipped(to: bounds)
                        guard !r.isEmpty else { continue }
                        for y in r.y..<r.maxY {
                            var s = y * sw + r.x, d = y * w + r.x
                            for _ in 0..<r.width {
                                let p = src[s]
                                dst[d] = (p & 0xFF00_0000) | t[Int(p >> 16 & 0xFF)] << 16 | t[Int(p >> 8 & 0xFF)] << 8 | t[Int(p & 0xFF)]
                                s += 1
                                d += 1
                            }
                        }
                    }
                }
            }
        }
    }
}

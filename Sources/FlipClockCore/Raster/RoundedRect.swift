import Glibc

/// Coverage of a rounded rectangle that fills a `width` × `height` mask.
public enum RoundedRect {
    /// The mask, anti-aliased in the corners with 16 × 16 samples per pixel.
    public static func coverage(width: Int, height: Int, radius: Double) -> CoverageMask {
        var mask = CoverageMask(width: width, height: height, values: Array(repeating: 255, count: width * height))
        let r = min(radius, Double(min(width, height)) / 2)
        let span = Int(ceil(r))
        guard span > 0 else { return mask }
        let n = 16
        for y in 0..<min(span, height) {
            for x in 0..<min(span, width) {
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n)
                        let py = Double(y) + (Double(sy) + 0.5) / Double(n)
                        let dx = r - px, dy = r - py
                        if dx <= 0 || dy <= 0 || dx * dx + dy * dy <= r * r { inside += 1 }
                    }
                }
                let value = UInt8((inside * 255 + n * n / 2) / (n * n))
                // The same corner, mirrored into all four.
                mask[x, y] = value
                mask[width - 1 - x, y] = value
                mask[x, height - 1 - y] = value
                mask[width - 1 - x, height - 1 - y] = value
            }
        }
        return mask
    }
}

/// An image in ordinary memory: packed premultiplied ARGB pixels, row after row.
///
/// The renderer draws into a `Canvas`; outputs copy its damaged rectangles to the screen
/// or encode it as PNG. Card halves are canvases with transparent corners.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, fill: UInt32 = 0) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        self.width = width
        self.height = height
        self.pixels = Array(repeating: fill, count: width * height)
    }

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var bounds: DamageRect { DamageRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Fills `rect` (clipped to the canvas) with one pixel value.
    public mutating func fill(_ rect: DamageRect, with pixel: UInt32) {
        let r = rect.clipped(to: bounds)
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in r.y..<r.maxY {
                let row = p.baseAddress! + y * w + r.x
                row.update(repeating: pixel, count: r.width)
            }
        }
    }

    /// Copies opaque `image` with its top-left corner at (`x`, `y`), inside `clip`, each row's
    /// colour channels scaled by `shade(row)` / 255.
    public mutating func copy(_ image: Canvas, x: Int, y: Int, clip: DamageRect, shade: (Int) -> UInt32) {
        let target = DamageRect(x: x, y: y, width: image.width, height: image.height).clipped(to: clip).clipped(to: bounds)
        guard !target.isEmpty else { return }
        let w = width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for ty in target.y..<target.maxY {
                    let sy = ty - y
                    let s = src.baseAddress! + sy * image.width + (target.x - x)
                    RowOps.shade(s, dst.baseAddress! + ty * w + target.x, count: target.width, by: shade(sy))
                }
            }
        }
    }

    /// Copies `image` laid on the opaque `background` with its top-left corner at (`x`, `y`),
    /// inside `clip`, each row's colour channels scaled by `shade(row)` / 255: the same pixels
    /// as drawing it over a canvas filled with `background`, without keeping that canvas.
    ///
    /// `opaque[row]` is a run of the row's pixels known to be opaque: copied as they are,
    /// only the rest is blended. `covered(y)` is a run of screen row `y`'s columns that
    /// something opaque drawn next will cover: left as it is. `alike`, if given, is the
    /// image's ``AlikeRows``: a shaded row fills its opaque runs of one colour with that colour shaded.
    public mutating func copy(
        _ image: Canvas, over background: UInt32, opaque: [Range<Int>], alike: AlikeRows? = nil, x: Int, y: Int, clip: DamageRect,
        covered: (Int) -> Range<Int> = { _ in 0..<0 }, shade: (Int) -> UInt32
    ) {
        let target = DamageRect(x: x, y: y, width: image.width, height: image.height).clipped(to: clip).clipped(to: bounds)
        guard !target.isEmpty else { return }
        let w = width
        let from = target.x - x, to = target.maxX - x
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for ty in target.y..<target.maxY {
                    let sy = ty - y, k = shade(sy)
                    let s = src.baseAddress! + sy * image.width, d = dst.baseAddress! + ty * w + x
                    let run = opaque[sy].clamped(to: from..<to)
                    let (left, right) = run.isEmpty ? (to, to) : (run.lowerBound, run.upperBound)
                    // Columns a..<b of the image row: blended outside its opaque run, copied inside.
                    func part(_ a: Int, _ b: Int) {
                        if min(b, left) > a { RowOps.shade(s + a, over: background, d + a, count: min(b, left) - a, by: k) }
                        let m0 = max(a, left), m1 = min(b, right)
                        if m0 < m1 { Self.shade(s, d, m0..<m1, by: k, runs: k == 255 ? nil : alike?.runs(sy)) }
                        let r0 = max(a, right)
                        if r0 < b { RowOps.shade(s + r0, over: background, d + r0, count: b - r0, by: k) }
                    }
                    let hole = covered(ty).clamped(to: target.x..<target.maxX)
                    if hole.isEmpty {
                        part(from, to)
                    } else {
                        part(from, hole.lowerBound - x)
                        part(hole.upperBound - x, to)
                    }
                }
            }
        }
    }

    /// ``RowOps/shade(_:_:count:by:)`` of a row's opaque `columns` from `s` to `d`, but for
    /// its runs of one colour (``AlikeRows/runs(_:)``, in order), filled with their colour
    /// shaded. Unshaded, the row is a copy, as fast as a fill: `runs` is `nil`.
    private static func shade(
        _ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, _ columns: Range<Int>, by k: UInt32, runs: ArraySlice<Range<Int>>?
    ) {
        var x = columns.lowerBound
        for run in runs ?? [] {
            let r = run.clamped(to: x..<columns.upperBound)
            guard r.count >= AlikeRows.shortest else { continue }
            RowOps.shade(s + x, d + x, count: r.lowerBound - x, by: k)
            (d + r.lowerBound).update(repeating: PixelMath.shade(s[r.lowerBound], by: k), count: r.count)
            x = r.upperBound
        }
        RowOps.shade(s + x, d + x, count: columns.upperBound - x, by: k)
    }

    /// Fills `rect` with `pixel` except where `holes` lie: the area around cards that are
    /// about to be drawn opaque anyway.
    public mutating func fill(_ rect: DamageRect, with pixel: UInt32, except holes: [DamageRect]) {
        let r = rect.clipped(to: bounds)
        guard !r.isEmpty else { return }
        let w = width
        let sorted = holes.sorted { $0.x < $1.x }
        pixels.withUnsafeMutableBufferPointer { p in
            for y in r.y..<r.maxY {
                let row = p.baseAddress! + y * w
                var x = r.x
                for hole in sorted where hole.y <= y && y < hole.maxY {
                    if hole.x > x { (row + x).update(repeating: pixel, count: min(hole.x, r.maxX) - x) }
                    x = max(x, hole.maxX)
                    if x >= r.maxX { break }
                }
                if x < r.maxX { (row + x).update(repeating: pixel, count: r.maxX - x) }
            }
        }
    }

    /// Draws a run of text in `color`, its pen starting at (`x`, `baseline`), inside `clip`.
    public mutating func draw(_ run: GlyphRun, x: Int, baseline: Int, color: UInt32, clip: DamageRect? = nil) {
        let area = (clip ?? bounds).clipped(to: bounds)
        let left = x + run.left, top = baseline - run.top
        for y in 0..<run.mask.height {
            for gx in 0..<run.mask.width {
                let coverage = UInt32(run.mask[gx, y])
                let (px, py) = (left + gx, top + y)
                guard coverage > 0, px >= area.x, py >= area.y, px < area.maxX, py < area.maxY else { continue }
                self[px, py] = PixelMath.over(PixelMath.withCoverage(color, coverage), self[px, py])
            }
        }
    }

    /// The pixels of `rect` as a new canvas.
    public func cropped(to rect: DamageRect) -> Canvas {
        let r = rect.clipped(to: bounds)
        var out = Canvas(width: r.width, height: r.height)
        for y in 0..<r.height {
            let from = (r.y + y) * width + r.x
            out.pixels.replaceSubrange(y * r.width..<(y + 1) * r.width, with: pixels[from..<from + r.width])
        }
        return out
    }

    /// Draws `image` with its top-left corner at (`x`, `y`), premultiplied over, inside `clip`,
    /// each row's colour channels scaled by `shade(row)` / 255 (255 leaves them as they are).
    public mutating func draw(_ image: Canvas, x: Int, y: Int, clip: DamageRect? = nil, shade: (Int) -> UInt32 = { _ in 255 }) {
        let target = DamageRect(x: x, y: y, width: image.width, height: image.height)
            .clipped(to: clip ?? bounds).clipped(to: bounds)
        guard !target.isEmpty else { return }
        let w = width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for ty in target.y..<target.maxY {
                    let sy = ty - y
                    let k = shade(sy)
                    let s = src.baseAddress! + sy * image.width + (target.x - x)
                    let d = dst.baseAddress! + ty * w + target.x
                    RowOps.over(s, d, count: target.width, shade: k)
                }
            }
        }
    }
}

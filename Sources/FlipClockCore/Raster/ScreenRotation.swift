/// How the picture is turned on an output, for screens mounted on their side or upside down.
///
/// The face is laid out and rendered upright on a logical canvas (portrait for 90 and 270 on
/// a landscape mode); outputs copy its damaged rectangles to their pixels through the
/// rotation. An angle turns the picture clockwise on the output, as the Linux console's
/// `fbcon=rotate` does: `90` suits a screen mounted turned a quarter counter-clockwise (its
/// top edge on the left).
public enum ScreenRotation: Int, CaseIterable, Sendable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// The upright canvas for an output of `output` pixels: its sides swapped for 90 and 270.
    public func logicalSize(of output: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: output.height, height: output.width) : output
    }

    /// The output's pixels for an upright canvas of `logical` pixels.
    public func outputSize(of logical: PixelSize) -> PixelSize {
        logicalSize(of: logical)
    }

    public var swapsSides: Bool { self == .quarter || self == .threeQuarters }

    /// Where the canvas pixel (`x`, `y`) of a `logical`-sized canvas lands on the output.
    public func outputPoint(x: Int, y: Int, logical: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .none: (x, y)
        case .quarter: (logical.height - 1 - y, x)
        case .half: (logical.width - 1 - x, logical.height - 1 - y)
        case .threeQuarters: (y, logical.width - 1 - x)
        }
    }

    /// The output's rectangle that `rect` of a `logical`-sized canvas covers (for the
    /// damage a driver is told about).
    public func outputRect(_ rect: DamageRect, logical: PixelSize) -> DamageRect {
        switch self {
        case .none: rect
        case .quarter: DamageRect(x: logical.height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .half: DamageRect(x: logical.width - rect.maxX, y: logical.height - rect.maxY, width: rect.width, height: rect.height)
        case .threeQuarters: DamageRect(x: rect.y, y: logical.width - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// Side of the square tiles a quarter turn is copied in: 32 source rows of 32 pixels stay
    /// in the first-level cache while their columns become output rows, and each output row
    /// is written as one 128-byte run (write-combined scan-out memory wants runs, not scatter).
    @usableFromInline static let tile = 32

    /// Copies `rect` of `canvas` (clipped to it) turned onto the output whose first row starts
    /// at `destination`, rows `pitch` bytes apart, each pixel converted by `convert` (XRGB to
    /// the output's format).
    ///
    /// Rows for 0 and 180 (reversed for 180); tiled transposition for 90 and 270. The
    /// destination must hold the whole output (``outputSize(of:)`` of the canvas's size).
    @inlinable
    public func copy<Pixel>(
        _ rect: DamageRect, of canvas: Canvas, to destination: UnsafeMutableRawPointer, pitch: Int,
        convert: (UInt32) -> Pixel
    ) {
        let r = rect.clipped(to: canvas.bounds)
        guard !r.isEmpty else { return }
        let w = canvas.width, h = canvas.height
        canvas.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<Pixel> {
                (destination + y * pitch).assumingMemoryBound(to: Pixel.self)
            }
            switch self {
            case .none:
                for y in r.y..<r.maxY {
                    let from = src + y * w, to = row(y)
                    for x in r.x..<r.maxX { to[x] = convert(from[x]) }
                }
            case .half:
                for y in r.y..<r.maxY {
                    let from = src + y * w, to = row(h - 1 - y)
                    for x in r.x..<r.maxX { to[w - 1 - x] = convert(from[x]) }
                }
            case .quarter, .threeQuarters:
                let tile = Self.tile
                var ty = r.y
                while ty < r.maxY {
                    let ty1 = min(ty + tile, r.maxY)
                    var tx = r.x
                    while tx < r.maxX {
                        let tx1 = min(tx + tile, r.maxX)
                        // Each canvas column x of the tile is one output row.
                        if self == .quarter {
                            // (x, y) -> (h - 1 - y, x): along the output row, y falls.
                            for x in tx..<tx1 {
                                let to = row(x)
                                for y in ty..<ty1 { to[h - 1 - y] = convert(src[y * w + x]) }
                            }
                        } else {
                            // (x, y) -> (y, w - 1 - x): along the output row, y rises.
                            for x in tx..<tx1 {
                                let to = row(w - 1 - x)
                                for y in ty..<ty1 { to[y] = convert(src[y * w + x]) }
                            }
                        }
                        tx = tx1
                    }
                    ty = ty1
                }
            }
        }
    }

    /// Copies `rect` of `canvas` turned onto 32-bit XRGB output memory, unconverted; an
    /// unturned row is one memory copy, a quarter turn a blocked SIMD transposition
    /// (``copyQuarter(_:of:to:pitch:)``).
    @inlinable
    public func copy(_ rect: DamageRect, of canvas: Canvas, to destination: UnsafeMutableRawPointer, pitch: Int) {
        let r = rect.clipped(to: canvas.bounds)
        guard !r.isEmpty else { return }
        guard self == .none else {
            if swapsSides { return copyQuarter(r, of: canvas, to: destination, pitch: pitch) }
            copy(r, of: canvas, to: destination, pitch: pitch) { $0 }
            return
        }
        canvas.pixels.withUnsafeBufferPointer { pixels in
            for y in r.y..<r.maxY {
                (destination + y * pitch + r.x * 4).assumingMemoryBound(to: UInt32.self)
                    .update(from: pixels.baseAddress! + y * canvas.width + r.x, count: r.width)
            }
        }
    }

    /// The whole canvas turned, as the output shows it (image outputs, tests).
    public func turned(_ canvas: Canvas) -> Canvas {
        let size = outputSize(of: PixelSize(width: canvas.width, height: canvas.height))
        var out = Canvas(width: size.width, height: size.height)
        out.pixels.withUnsafeMutableBytes { copy(canvas.bounds, of: canvas, to: $0.baseAddress!, pitch: size.width * 4) }
        return out
    }
}

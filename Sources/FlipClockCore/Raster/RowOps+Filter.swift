/// The box filter in y: rows weighed into sums of 16-bit lanes, then packed back into pixels
/// (and shaded) as one screen row of a turned strip.
extension RowOps {
    /// `acc += src × w` on the two-lane split of each pixel, for `count` pixels.
    ///
    /// With weights summing to at most 256 the 16-bit lanes cannot overflow (255 × 256 < 65536):
    /// this is the vertical box filter. `rb[i]` and `ag[i]` hold pixel i's ``PixelMath/rb(_:)``
    /// and ``PixelMath/ag(_:)`` sums, which in memory are exactly four pixels' 16-bit lanes.
    @inline(never) public static func accumulate(
        _ src: UnsafePointer<UInt32>, weight w: UInt32,
        rb: UnsafeMutablePointer<UInt32>, ag: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var i = 0
        let wv = Lanes16(repeating: UInt16(w))
        while i + 4 <= count {
            let s = load16(src + i)
            store16(load16(rb + i) &+ (s & 0xFF) &* wv, rb + i)
            store16(load16(ag + i) &+ (s &>> 8) &* wv, ag + i)
            i += 4
        }
        while i < count {
            rb[i] &+= PixelMath.rb(src[i]) &* w
            ag[i] &+= PixelMath.ag(src[i]) &* w
            i += 1
        }
    }

    /// `acc = src × w`: the first row of a box filter, which ``accumulate(_:weight:rb:ag:count:)``
    /// would add to zeros (so the sums need no clearing first).
    @inline(never) public static func weigh(
        _ src: UnsafePointer<UInt32>, weight w: UInt32,
        rb: UnsafeMutablePointer<UInt32>, ag: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var i = 0
        let wv = Lanes16(repeating: UInt16(w))
        while i + 4 <= count {
            let s = load16(src + i)
            store16((s & 0xFF) &* wv, rb + i)
            store16((s &>> 8) &* wv, ag + i)
            i += 4
        }
        while i < count {
            rb[i] = PixelMath.rb(src[i]) &* w
            ag[i] = PixelMath.ag(src[i]) &* w
            i += 1
        }
    }

    /// Packs accumulated lanes (weights summing to 256) back into pixels, truncating.
    public static func resolve(rb: UnsafePointer<UInt32>, ag: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        while i + 4 <= count {
            store16((load16(rb + i) &>> 8) | (load16(ag + i) & 0xFF00), dst + i)
            i += 4
        }
        while i < count {
            dst[i] = ((rb[i] >> 8) & 0x00FF_00FF) | (ag[i] & 0xFF00_FF00)
            i += 1
        }
    }

    /// The last row of a box filter and what follows it, in one pass: `src × w` added to the
    /// sums (or alone, when `toSums` is false: the only row), packed into pixels as
    /// ``resolve(rb:ag:into:count:)`` does and shaded by `k` as ``shade(_:_:count:by:)`` does.
    /// Returns whether every pixel came out opaque.
    @discardableResult public static func resolve(
        adding src: UnsafePointer<UInt32>, weight w: UInt32, toSums: Bool,
        rb: UnsafePointer<UInt32>, ag: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int, shade k: UInt32
    ) -> Bool {
        var i = 0
        var alpha = SIMD4<UInt32>(repeating: 0xFF00_0000)
        // Four loops, so neither choice is made per pixel.
        switch (toSums, k == 255) {
        case (true, true): resolveLanes(src, w, rb, ag, dst, count, 255, toSums: true, shaded: false, &i, &alpha)
        case (true, false): resolveLanes(src, w, rb, ag, dst, count, k, toSums: true, shaded: true, &i, &alpha)
        case (false, true): resolveLanes(src, w, rb, ag, dst, count, 255, toSums: false, shaded: false, &i, &alpha)
        case (false, false): resolveLanes(src, w, rb, ag, dst, count, k, toSums: false, shaded: true, &i, &alpha)
        }
        while i < count {
            let low = (toSums ? rb[i] : 0) &+ PixelMath.rb(src[i]) &* w
            let high = (toSums ? ag[i] : 0) &+ PixelMath.ag(src[i]) &* w
            let pixel = ((low >> 8) & 0x00FF_00FF) | (high & 0xFF00_FF00)
            dst[i] = k == 255 ? pixel : PixelMath.shade(pixel, by: k)
            alpha[0] &= pixel
            i += 1
        }
        return opaque(alpha)
    }

    /// A source row of a box filter and its weight (out of 256).
    public struct WeightedRow {
        public let pixels: UnsafePointer<UInt32>
        public let weight: UInt32

        public init(_ pixels: UnsafePointer<UInt32>, weight: UInt32) {
            self.pixels = pixels
            self.weight = weight
        }
    }

    /// A box filter of two, three or four rows, packed into pixels and shaded, in one pass:
    /// what ``weigh(_:weight:rb:ag:count:)`` of the first, ``accumulate(_:weight:rb:ag:count:)``
    /// of the middle ones and ``resolve(adding:weight:toSums:rb:ag:into:count:shade:)`` of the
    /// last give, with the sums kept in registers rather than in memory. Returns whether every
    /// pixel came out opaque.
    @discardableResult public static func resolve(
        mixing a: WeightedRow, _ b: WeightedRow, _ c: WeightedRow? = nil, _ d: WeightedRow? = nil,
        into dst: UnsafeMutablePointer<UInt32>, count: Int, shade k: UInt32
    ) -> Bool {
        var i = 0
        var alpha = SIMD4<UInt32>(repeating: 0xFF00_0000)
        // One loop for each number of rows and each choice of shading, so neither is made per pixel.
        switch (c, d, k == 255) {
        case (nil, _, true): mixLanes(rows: 2, a, b, a, a, dst, count, 255, shaded: false, &i, &alpha)
        case (nil, _, false): mixLanes(rows: 2, a, b, a, a, dst, count, k, shaded: true, &i, &alpha)
        case (let c?, nil, true): mixLanes(rows: 3, a, b, c, a, dst, count, 255, shaded: false, &i, &alpha)
        case (let c?, nil, false): mixLanes(rows: 3, a, b, c, a, dst, count, k, shaded: true, &i, &alpha)
        case (let c?, let d?, true): mixLanes(rows: 4, a, b, c, d, dst, count, 255, shaded: false, &i, &alpha)
        case (let c?, let d?, false): mixLanes(rows: 4, a, b, c, d, dst, count, k, shaded: true, &i, &alpha)
        }
        while i < count {
            var low: UInt32 = 0, high: UInt32 = 0
            func add(_ row: WeightedRow?) {
                guard let row else { return }
                low &+= PixelMath.rb(row.pixels[i]) &* row.weight
                high &+= PixelMath.ag(row.pixels[i]) &* row.weight
            }
            add(a)
            add(b)
            add(c)
            add(d)
            let pixel = ((low >> 8) & 0x00FF_00FF) | (high & 0xFF00_FF00)
            dst[i] = k == 255 ? pixel : PixelMath.shade(pixel, by: k)
            alpha[0] &= pixel
            i += 1
        }
        return opaque(alpha)
    }

    /// The lanes of ``resolve(mixing:_:_:_:into:count:shade:)``, eight pixels at a time from
    /// `i` (then four), specialised on the number of rows (`c` and `d` unread when fewer) and
    /// on whether it shades.
    @inline(__always) static func mixLanes(
        rows: Int, _ a: WeightedRow, _ b: WeightedRow, _ c: WeightedRow, _ d: WeightedRow,
        _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ k: UInt32, shaded: Bool, _ i: inout Int,
        _ alpha: inout SIMD4<UInt32>
    ) {
        let av = Lanes16(repeating: UInt16(a.weight)), bv = Lanes16(repeating: UInt16(b.weight))
        let cv = Lanes16(repeating: UInt16(c.weight)), dv = Lanes16(repeating: UInt16(d.weight))
        let even = Lanes16(repeating: UInt16(k))
        let odd = Lanes16(UInt16(k), 255, UInt16(k), 255, UInt16(k), 255, UInt16(k), 255)
        @inline(__always) func four(_ i: Int) {
            let p = load16(a.pixels + i), q = load16(b.pixels + i)
            var low = (p & 0xFF) &* av &+ (q & 0xFF) &* bv
            var high = (p &>> 8) &* av &+ (q &>> 8) &* bv
            if rows > 2 {
                let r = load16(c.pixels + i)
                low &+= (r & 0xFF) &* cv
                high &+= (r &>> 8) &* cv
            }
            if rows > 3 {
                let s = load16(d.pixels + i)
                low &+= (s & 0xFF) &* dv
                high &+= (s &>> 8) &* dv
            }
            // The packed pixel's alpha is the top byte of `high`'s odd lane; shading keeps it.
            alpha &= unsafeBitCast(high, to: SIMD4<UInt32>.self)
            if shaded {
                store16(div255((low &>> 8) &* even) | (div255((high &>> 8) &* odd) &<< 8), dst + i)
            } else {
                store16((low &>> 8) | (high & 0xFF00), dst + i)
            }
        }
        while i &+ 8 <= count {
            four(i)
            four(i &+ 4)
            i &+= 8
        }
        if i &+ 4 <= count {
            four(i)
            i &+= 4
        }
    }

    /// The lanes of ``resolve(adding:weight:toSums:rb:ag:into:count:shade:)``, four pixels at
    /// a time from `i`, specialised on its two choices.
    @inline(__always) static func resolveLanes(
        _ src: UnsafePointer<UInt32>, _ w: UInt32, _ rb: UnsafePointer<UInt32>, _ ag: UnsafePointer<UInt32>,
        _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ k: UInt32, toSums: Bool, shaded: Bool, _ i: inout Int,
        _ alpha: inout SIMD4<UInt32>
    ) {
        let wv = Lanes16(repeating: UInt16(w))
        let even = Lanes16(repeating: UInt16(k))
        let odd = Lanes16(UInt16(k), 255, UInt16(k), 255, UInt16(k), 255, UInt16(k), 255)
        while i + 4 <= count {
            let s = load16(src + i)
            var low = (s & 0xFF) &* wv, high = (s &>> 8) &* wv
            if toSums {
                low &+= load16(rb + i)
                high &+= load16(ag + i)
            }
            // The packed pixel's alpha is the top byte of `high`'s odd lane; shading keeps it.
            alpha &= unsafeBitCast(high, to: SIMD4<UInt32>.self)
            if shaded {
                store16(div255((low &>> 8) &* even) | (div255((high &>> 8) &* odd) &<< 8), dst + i)
            } else {
                store16((low &>> 8) | (high & 0xFF00), dst + i)
            }
            i += 4
        }
    }
}

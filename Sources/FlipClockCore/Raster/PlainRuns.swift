/// A row's runs of one colour at either end of its opaque run: a card's paper left and right
/// of its digit, or the whole row where no digit crosses it.
///
/// A flap's screen row whose source rows all have one colour over some columns comes out one
/// colour over those columns whatever the filter's weights and the stretch's fractions: the
/// resampler fills them rather than filtering and stretching them pixel by pixel.
public struct PlainRuns: Equatable, Sendable {
    /// The pixels from the opaque run's first that equal it.
    public var leading: Range<Int>
    /// The pixels to the opaque run's last that equal it (the same run as ``leading`` when
    /// the whole opaque run is one colour).
    public var trailing: Range<Int>

    public init(leading: Range<Int>, trailing: Range<Int>) {
        self.leading = leading
        self.trailing = trailing
    }

    /// Each row's plain runs in `image`, inside its run of opaque pixels `opaque[y]`
    /// (``CardImage/opaqueRuns(_:)``).
    public static func of(_ image: Canvas, opaque: [Range<Int>]) -> [PlainRuns] {
        (0..<image.height).map { y in
            let run = opaque[y]
            guard !run.isEmpty else { return PlainRuns(leading: 0..<0, trailing: 0..<0) }
            let base = y * image.width
            let first = image.pixels[base + run.lowerBound], last = image.pixels[base + run.upperBound - 1]
            var a = run.lowerBound
            while a < run.upperBound, image.pixels[base + a] == first { a += 1 }
            var b = run.upperBound
            while b > run.lowerBound, image.pixels[base + b - 1] == last { b -= 1 }
            return PlainRuns(leading: run.lowerBound..<a, trailing: b..<run.upperBound)
        }
    }
}

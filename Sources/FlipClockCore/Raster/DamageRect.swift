/// A rectangle of pixels that changed and must reach the screen.
public struct DamageRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle holding both.
    public func union(_ other: DamageRect) -> DamageRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return DamageRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The smallest rectangle holding all of `rects` (empty for none).
    public static func union(of rects: some Sequence<DamageRect>) -> DamageRect {
        rects.reduce(DamageRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// The part inside `bounds`; empty when they do not meet.
    public func clipped(to bounds: DamageRect) -> DamageRect {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(maxX, bounds.maxX), y1 = min(maxY, bounds.maxY)
        return DamageRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

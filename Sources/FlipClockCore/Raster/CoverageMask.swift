/// An 8-bit coverage image: how much of each pixel a glyph (or shape) covers, 0…255.
public struct CoverageMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var values: [UInt8]

    public init(width: Int, height: Int, values: [UInt8]) {
        precondition(values.count == width * height, "value count must be width × height")
        self.width = width
        self.height = height
        self.values = values
    }

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, values: Array(repeating: 0, count: width * height))
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }
}

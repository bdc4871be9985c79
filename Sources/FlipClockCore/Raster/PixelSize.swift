/// An output's size in pixels, as written on the command line and in the configuration:
/// `WIDTHxHEIGHT`.
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// The sides an output may have.
    public static let allowedSides = 16...16384
    /// The most pixels an image the clock draws may have (`[output] size`): a 4K screen's. A
    /// frame of 16384x16384 took 3.4 GB and never finished a flip.
    public static let mostPixels = 3840 * 2160

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` with both sides in ``allowedSides``; `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let w = Int(parts[0]), let h = Int(parts[1]),
            Self.allowedSides.contains(w), Self.allowedSides.contains(h)
        else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}

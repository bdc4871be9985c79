/// An opaque colour as the configuration names it: `#rrggbb`.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb` (case-insensitive); `nil` for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for c in digits.dropFirst() {
            guard let nibble = Self.nibble(c) else { return nil }
            value = value << 4 | nibble
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    private static func nibble(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The colour `amount` (0…1) of the way to `other`, each channel rounded.
    public func mixed(with other: RGBColor, by amount: Double) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return RGBColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    /// The colour as an opaque packed pixel.
    public var pixel: UInt32 { PixelMath.opaque(r: red, g: green, b: blue) }

    public var description: String {
        let hex = String(UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue), radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }
}

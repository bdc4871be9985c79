/// A text row's drum widened by the characters its configuration gives it (`text`, and
/// `characters` for what will be set from outside): the default drum first, then the others
/// by code point. Letters of the Latin, Greek and Cyrillic scripts are shown in upper case
/// (Unicode's mapping: "ß" is "SS"); every other script as it is written.
extension TextItem {
    /// The most characters a row's drum holds beyond the default: a step through every one
    /// of 256 takes 23 s.
    public static let widestExtra = 256

    /// The characters on this row's drum beyond the default, in their order.
    public var extraCharacters: [String] { Array(drum.dropFirst(Self.drum.count)) }

    /// Adds the characters of `text` (as the cards show it) the drum lacks.
    public mutating func widenDrum(with text: String) {
        let known = Set(drum)
        var extra = Set(extraCharacters)
        for character in Self.shown(text) where character != " " && !known.contains(String(character)) {
            extra.insert(String(character))
        }
        drum = Self.drum + extra.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) { $0.value < $1.value } }
    }

    /// Whether a card of this row can show `character`.
    func isOnDrum(_ character: Character) -> Bool {
        character == " " || drum.contains(String(character))
    }

    /// `text` as the cards show it: Latin, Greek and Cyrillic letters in upper case.
    public static func shown(_ text: String) -> String {
        var shown = ""
        for character in text {
            let scalars = character.unicodeScalars
            let cased =
                scalars.contains(where: isCasedScript) && scalars.allSatisfy { isCasedScript($0) || $0.properties.generalCategory == .nonspacingMark }
            shown += cased ? String(character).uppercased() : String(character)
        }
        return shown
    }

    /// Whether `scalar` is of the Latin, Greek or Cyrillic blocks (ASCII included).
    static func isCasedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x024F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F: true  // Latin
        case 0x0370...0x03FF, 0x1F00...0x1FFF: true  // Greek
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: true  // Cyrillic
        default: false
        }
    }

    /// The character after `value` on this row's drum, on the way to `target`.
    public func step(from value: String, toward target: String) -> String {
        guard value != target, let i = drum.firstIndex(of: value) else { return target }
        return drum[(i + 1) % drum.count]
    }
}

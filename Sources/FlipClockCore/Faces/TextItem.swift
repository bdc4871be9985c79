/// A row of letter cards set from outside, as on a split-flap departure board:
/// `[[text]]` in the configuration, `flipclockctl text NAME "GATE 12"`.
public struct TextItem: Equatable, Sendable {
    public enum Alignment: String, CaseIterable, Sendable {
        case left, centre, right
    }

    /// How a card reaches its new character.
    public enum Change: String, CaseIterable, Sendable {
        /// Through every character on the card's drum in between, as a split-flap board turns.
        case step
        /// Straight to it in one flip.
        case flip
    }

    public var name: String
    public var label: String
    /// How many cards, 1 to 32.
    public var cards: Int
    /// What it shows until it is set (and after a reset).
    public var text: String
    public var alignment: Alignment
    public var change: Change = .step
    /// What this row's cards hold, in order: ``drum`` and the characters its configuration
    /// adds (see ``widenDrum(with:)``).
    public internal(set) var drum: [String] = TextItem.drum

    public static let longest = 32
    /// What a card can show: letters A–Z, digits, a blank, common signs and Vestaboard's colour
    /// chips (``ColourChip``). Lower-case letters are shown in upper case.
    public static let characters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-+/!?'&#@()%=*$\"°").union(ColourChip.characters)
    /// The characters a font prints (all but the chips, which are filled cards).
    public static var printed: Set<Character> { characters.subtracting(ColourChip.characters) }
    static let signs = ". , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips \(ColourChip.allCases.map(\.rawValue).joined())"
    /// The characters in the order a card's drum holds them (`""` the blank card); the colour
    /// chips after the signs, as on Vestaboard's drum.
    public static let drum: [String] =
        [""] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;-+/!?'&#@()%=*$\"°".map(String.init) + ColourChip.allCases.map(\.rawValue)
    /// The flips of one step: quick, as a drum turns.
    public static let stepTiming = FlipTiming(
        firstHalf: .milliseconds(45), secondHalf: .milliseconds(45), firstEasing: .linear, secondEasing: .easeOut
    )

    /// The character after `value` on the default drum, on the way to `target`.
    public static func step(from value: String, toward target: String) -> String {
        TextItem(name: "").step(from: value, toward: target)
    }

    public init(name: String, label: String = "", cards: Int = 10, text: String = "", alignment: Alignment = .left) {
        self.name = name
        self.label = label
        self.cards = cards
        self.text = text
        self.alignment = alignment
    }

    /// `text` as the cards show it (upper case), or why it cannot be shown.
    public func checked(_ text: String) -> Result<String, TextError> {
        let upper = Self.shown(text)
        if let bad = upper.first(where: { !isOnDrum($0) }) {
            let extra = extraCharacters.isEmpty ? "" : " " + extraCharacters.joined()
            return .failure(
                TextError(
                    description:
                        "\"\(bad)\" is not on the cards of \(name); they show A-Z, 0-9, blank and \(Self.signs)\(extra) (its [[text]] characters adds more)"
                ))
        }
        guard upper.count <= cards else {
            return .failure(TextError(description: "\"\(text)\" is \(upper.count) characters; \(name) has \(cards) cards"))
        }
        return .success(upper)
    }

    public struct TextError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The cards' values for `text` (already checked): a character a card, aligned, blank cards around.
    public func values(_ text: String) -> [String] {
        let chars = text.prefix(cards).map { $0 == " " ? "" : String($0) }
        let spare = cards - chars.count
        let before = alignment == .left ? 0 : alignment == .right ? spare : spare / 2
        return Array(repeating: "", count: before) + chars + Array(repeating: "", count: spare - before)
    }

    /// One group of cards (a blank inside the text is a blank card, not a gap).
    public var groups: [[FaceLayout.CardShape]] { [Array(repeating: FaceLayout.CardShape(aspect: TimeFormat.digitAspect), count: cards)] }
}

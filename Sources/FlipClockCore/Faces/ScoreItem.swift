/// A score the face shows, set from outside: `[[score]]` in the configuration.
public struct ScoreItem: Equatable, Sendable {
    /// How a change is shown.
    public enum Change: String, CaseIterable, Sendable {
        /// Straight to the new value in one flip.
        case flip
        /// Through every value on the way (3 → 7 shows 4, 5, 6, 7), faster when far behind.
        case step
    }

    /// The name commands use (`home`).
    public var name: String
    /// The text under the cards (`HOME`); empty for none.
    public var label: String
    public var digits: Int
    public var minimum: Int
    public var maximum: Int
    public var change: Change

    public init(name: String, label: String = "", digits: Int = 2, minimum: Int = 0, maximum: Int? = nil, change: Change = .step) {
        self.name = name
        self.label = label
        self.digits = digits
        self.minimum = minimum
        self.maximum = maximum ?? Self.largest(digits: digits)
        self.change = change
    }

    /// The largest number `digits` cards show.
    public static func largest(digits: Int) -> Int {
        (0..<digits).reduce(1) { acc, _ in acc * 10 } - 1
    }

    /// The cards' values for `value`: right-aligned digits, blank cards in front, as on a
    /// scoreboard (` 7`, `12`).
    public func values(_ value: Int) -> [String] {
        let text = String(value)
        return Array(repeating: "", count: max(0, digits - text.count)) + text.suffix(digits).map(String.init)
    }
}

/// The scores' values, changed only by whole commands: every change in a command is checked
/// before any is made, so `score set home=3 away=200` changes neither.
public struct ScoreBoard: Equatable, Sendable {
    public let items: [ScoreItem]
    public private(set) var values: [String: Int]

    /// What a score command does to the scores it names.
    public enum Action: String, Sendable, CaseIterable {
        case set, add, subtract, reset
    }

    /// The scores at `values` (by name); unknown names are dropped, values kept in range.
    public init(items: [ScoreItem], values: [String: Int] = [:]) {
        self.items = items
        var kept: [String: Int] = [:]
        for d in items { kept[d.name] = min(max(values[d.name] ?? d.minimum, d.minimum), d.maximum) }
        self.values = kept
    }

    /// Applies a score command; returns the values it changed.
    public mutating func apply(_ action: Action, _ pairs: [(name: String, value: Int)]) throws(ScoreError) -> [String: Int] {
        var changed: [String: Int] = [:]
        let targets = action == .reset && pairs.isEmpty ? items.map { ($0.name, 0) } : pairs
        for (name, amount) in targets {
            guard let item = items.first(where: { $0.name == name }) else { throw .unknown(name, known: items.map(\.name)) }
            let current = values[name] ?? item.minimum
            let (new, overflow): (Int, Bool) =
                switch action {
                case .set: (amount, false)
                case .add: current.addingReportingOverflow(amount)
                case .subtract: current.subtractingReportingOverflow(amount)
                case .reset: (item.minimum, false)
                }
            guard !overflow, (item.minimum...item.maximum).contains(new) else {
                throw .outOfRange(name, value: overflow ? nil : new, allowed: item.minimum...item.maximum)
            }
            changed[name] = new
        }
        values.merge(changed) { $1 }
        return changed
    }

    /// `home=3 away=2`, in the items' order.
    public var summary: String {
        items.map { "\($0.name)=\(values[$0.name] ?? $0.minimum)" }.joined(separator: " ")
    }
}

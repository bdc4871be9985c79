/// Why a score command changes nothing: a score the configuration does not have, or a value
/// outside a score's range.
///
/// The description is the reason as people read it; the control protocol gives each case
/// its wire code.
public enum ScoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No score of this name: the name, and the scores there are.
    case unknown(String, known: [String])
    /// The score would leave its range: its name, the value (`nil`: past what an `Int` holds)
    /// and the range.
    case outOfRange(String, value: Int?, allowed: ClosedRange<Int>)

    public var description: String {
        switch self {
        case let .unknown(name, known):
            unknownName(name, kind: "score", known: known)
        case let .outOfRange(name, value, allowed):
            "\(name) would be \(value.map(String.init) ?? "out of range"); allowed \(allowed.lowerBound)...\(allowed.upperBound)"
        }
    }
}

import FlipClockCore

/// A countdown and the moment it counts to or since (`nil`: none yet, its cards show dashes).
public struct CountdownReading: Equatable, Sendable {
    public var name: String
    public var target: CountdownTarget?

    public init(name: String, target: CountdownTarget?) {
        self.name = name
        self.target = target
    }

    /// `opening=to 2027-06-01T09:00 launch=none`.
    static func summary(_ countdowns: [CountdownReading]) -> String {
        countdowns.map { "\($0.name)=\($0.target.map(\.description) ?? "none")" }.joined(separator: " ")
    }

    /// `{"opening":"to 2027-06-01T09:00","launch":null}`.
    static func object(_ countdowns: [CountdownReading]) -> JSONValue {
        .object(Dictionary(countdowns.map { ($0.name, $0.target.map { .string($0.description) } ?? .null) }, uniquingKeysWith: { $1 }))
    }
}

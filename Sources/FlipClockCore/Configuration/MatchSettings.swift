/// `[match]`: one match shown by several clocks, led by one of them over the `[mqtt]` broker.
/// Off (no `[match]`: the clock runs its own game) by default.
public struct MatchSettings: Equatable, Sendable {
    /// What a clock does in the match.
    public enum Role: String, CaseIterable, Sendable {
        /// Leads the match when nobody leads it; follows when another does.
        case leader
        /// Takes the match over when its leader is gone; follows when another leads.
        case standby
        /// Never leads: shows the match as its leader publishes it.
        case follower
    }

    /// The match's MQTT topic (`T`): `T/state`, `T/leader`, `T/screens/NODE` below it.
    public var topic: String
    public var role: Role

    /// The most bytes a match's topic has.
    public static let longestTopic = 200

    public init(topic: String, role: Role) {
        self.topic = topic
        self.role = role
    }
}

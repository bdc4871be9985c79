/// `[match]`: the match this clock is one screen of, shared over the `[mqtt]` broker under
/// ``topic``, and whether it may lead it (docs/match.md).
public struct MatchSettings: Equatable, Sendable {
    /// The match's MQTT topic (`T`): `T/state`, `T/leader`, `T/screens/NODE` below it.
    public var topic: String
    public var role: Role

    /// Whether the clock may lead the match.
    public enum Role: String, Sendable {
        /// Leads the match when nobody leads.
        case leader
        /// Takes over when the leader is gone.
        case standby
        /// Never leads.
        case follower
    }

    public init(topic: String, role: Role) {
        self.topic = topic
        self.role = role
    }
}

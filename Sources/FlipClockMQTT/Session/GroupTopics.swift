import FlipClockCore

/// The topics of the groups a clock is in (`[mqtt] groups`): a command to `TOPIC/NAME/…` is
/// one to every member's own `B/…`, read and done as that (``MQTTCommand``).
struct GroupTopics: Equatable {
    /// `[mqtt] group_topic`.
    var topic: String
    var names: [String]

    init(topic: String, names: [String]) {
        self.topic = topic
        self.names = names
    }

    /// The groups `configuration` names; none without `[mqtt]`.
    init(_ configuration: ClockConfiguration) {
        self.init(topic: configuration.mqtt?.groupTopic ?? "flipclock/group", names: configuration.mqtt?.groups ?? [])
    }

    /// What a member subscribes to: each group's command topics.
    var subscriptions: [String] {
        names.flatMap { name in MQTTCommand.topics.map { "\(topic)/\(name)/\($0)" } }
    }

    /// The command topic below a group's name (`screen/set`) for a message on `full`; `nil`
    /// when `full` is not one of these groups'.
    func command(_ full: String) -> String? {
        // Byte for byte, as the broker matches topics.
        guard full.utf8.starts(with: "\(topic)/".utf8) else { return nil }
        let rest = Substring(full.utf8.dropFirst(topic.utf8.count + 1))
        guard let slash = rest.firstIndex(of: "/"), names.contains(String(rest[..<slash])) else { return nil }
        return String(rest[rest.index(after: slash)...])
    }
}

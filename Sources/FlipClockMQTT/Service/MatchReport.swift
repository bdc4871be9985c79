import FlipClockControl
import FlipClockCore

extension MQTTService.MatchStatus {
    /// What `GET /v1/match` answers: the match's topic, this clock (its node, role, whether
    /// it leads, its lost-leader mark) and every screen that reports itself, with how late it
    /// took the leader's last state and whether its report is fresh.
    public func report(_ settings: MatchSettings, node: String, name: String) -> JSONValue {
        let screens = zip(screens, fresh).map { screen, fresh -> JSONValue in
            var object: [String: JSONValue] = [
                "node": .string(screen.node), "role": .string(screen.role.rawValue), "leading": .bool(screen.leading), "lost": .bool(screen.lost),
                "fresh": .bool(fresh), "at": .number(MatchTopics.milliseconds(screen.at)),
            ]
            if let seq = screen.seq { object["seq"] = .integer(seq) }
            if let name = screen.name { object["name"] = .string(name) }
            if let late = screen.latenessMilliseconds { object["lateness_ms"] = .number((late * 10).rounded() / 10) }
            return .object(object)
        }
        return [
            "topic": .string(settings.topic), "node": .string(node), "name": .string(name), "role": .string(settings.role.rawValue),
            "leading": .bool(lead == .leading), "lost": .bool(lost), "screens": .array(screens),
        ]
    }
}

extension ClockConfiguration {
    /// `[match]`: `topic` and `role`, both required. Whether the file has `[mqtt]` and `[game]`
    /// too is checked once every table is read (``checkMatch(_:)``).
    mutating func decodeMatch(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "match")
        let topicNode = r.node("topic")
        guard let topicNode, case .string(let topic) = topicNode.value else {
            throw ConfigError(
                topicNode?.valueLocation ?? r.firstKey, key: "match.topic", "expected the match's MQTT topic, such as \"flipclock/match/hall\"")
        }
        let bad =
            topic.isEmpty || topic.utf8.count > MatchSettings.longestTopic || topic.unicodeScalars.contains { $0 == "+" || $0 == "#" || $0 == "\0" }
            || topic.hasPrefix("/") || topic.hasSuffix("/")
        guard !bad else {
            let shown = String(String.UnicodeScalarView(topic.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
            throw ConfigError(
                topicNode.valueLocation, key: "match.topic",
                "\"\(shown)\" is not a match's topic; write 1 to \(MatchSettings.longestTopic) bytes without + # or NUL, "
                    + "and no leading or trailing /")
        }
        let roleNode = r.node("role")
        let roles = MatchSettings.Role.allCases.map(\.rawValue).joined(separator: ", ")
        guard let roleNode, case .string(let name) = roleNode.value else {
            throw ConfigError(roleNode?.valueLocation ?? r.firstKey, key: "match.role", "expected this clock's part in the match: one of \(roles)")
        }
        guard let role = MatchSettings.Role(rawValue: name) else {
            let shown = String(name.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
            throw ConfigError(roleNode.valueLocation, key: "match.role", "\"\(shown)\" is not one of \(roles)")
        }
        try r.rejectUnknownKeys()
        match = MatchSettings(topic: topic, role: role)
    }

    /// `[match]` needs the broker (`[mqtt]`) and the rules (`[game]`); `header` is where the
    /// file names `[match]`.
    func checkMatch(at header: FileLocation) throws(ConfigError) {
        guard match != nil else { return }
        guard mqtt != nil else {
            throw ConfigError(header, key: "match", "needs [mqtt]: the match is shared through the broker, which [mqtt] names")
        }
        guard game != nil else {
            throw ConfigError(header, key: "match", "needs [game]: the rules of the match, the same as its leader's")
        }
    }
}

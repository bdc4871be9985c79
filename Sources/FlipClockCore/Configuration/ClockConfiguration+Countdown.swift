extension ClockConfiguration {
    /// `[[countdown]]`: a name, its label, what it shows, its days' cards, and `to` or `since`.
    mutating func decodeCountdown(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "countdown[\(index)]")
        let name = try newName(&r, kind: "countdown")
        var countdown = CountdownItem(name: name)
        if let v = try r.string("label") { countdown.label = v }
        if let v = try r.integer("digits", in: 1...5) { countdown.digits = v }
        if let v = try r.choice("show", CountdownItem.Unit.allCases.map { ($0.rawValue, $0) }) { countdown.unit = v }
        for direction in CountdownTarget.Direction.allCases {
            guard let node = r.node(direction.rawValue) else { continue }
            guard countdown.target == nil else {
                throw ConfigError(node.keyLocation, key: r.key(direction.rawValue), "a countdown counts to a moment or since one, not both")
            }
            guard case .string(let text) = node.value else { throw r.typeError(direction.rawValue, node, expected: "a string") }
            guard let target = CountdownTarget(direction, parsing: text) else {
                throw ConfigError(node.valueLocation, key: r.key(direction.rawValue), "\"\(text)\" is not \(CountdownTarget.form)")
            }
            countdown.target = target
        }
        try r.rejectUnknownKeys()
        countdowns.append(countdown)
    }
}

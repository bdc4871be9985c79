extension ClockConfiguration {
    /// The configuration a document describes: defaults for what it leaves out, and an error
    /// naming the place, the key and what is allowed for anything wrong.
    public init(document: ConfigTable) throws(ConfigError) {
        self.init()
        var top = ConfigReader(document, path: "")
        if let t = try top.table("clock") { try decodeClock(t) }
        if let t = try top.table("look") { try decodeLook(t) }
        if let t = try top.table("flip") { try decodeFlip(t) }
        if let t = try top.table("output") { try decodeOutput(t) }
        for (index, t) in try top.tables("score").enumerated() { try decodeScore(t, index: index) }
        for (index, t) in try top.tables("timer").enumerated() { try decodeTimer(t, index: index) }
        if let t = try top.table("control") {
            var r = ConfigReader(t, path: "control")
            if let v = try r.string("socket") { controlSocket = v }
            if let v = try r.string("group") { controlGroup = v.isEmpty ? nil : v }
            try r.rejectUnknownKeys()
        }
        if let t = try top.table("state") {
            var r = ConfigReader(t, path: "state")
            if let v = try r.string("file") { stateFile = v }
            try r.rejectUnknownKeys()
        }
        try top.rejectUnknownKeys(kind: "table")
    }

    private mutating func decodeClock(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "clock")
        if let v = try r.choice("format", TimeFace.Format.allCases.map { ($0.rawValue, $0) }) { face.format = v }
        if let v = try r.choice("hour_cycle", TimeFace.HourCycle.allCases.map { ($0.rawValue, $0) }) { face.hourCycle = v }
        if let v = try r.bool("leading_zero") { face.leadingZero = v }
        if let v = try r.string("time_zone") { timeZone = v.isEmpty ? nil : v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeLook(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "look")
        if let v = try r.choice("theme", Theme.allCases.map { ($0.rawValue, $0) }) { style = v.style }
        if let v = try r.string("font") { fontPath = v }
        if let v = try r.color("background") { style.background = v }
        if let v = try r.color("card") { style.card = v }
        if let v = try r.color("digits") { style.digits = v }
        if let v = try r.number("corner_radius", in: 0...0.5) { style.cornerRadius = v }
        if let v = try r.number("hinge_gap", in: 0...0.05) { style.hingeGap = v }
        if let v = try r.number("digit_height", in: 0.2...0.9) { style.digitHeight = v }
        if let v = try r.number("card_gap", in: 0...1) { spacing.cardGap = v }
        if let v = try r.number("group_gap", in: 0...2) { spacing.groupGap = v }
        if let v = try r.number("margin", in: 0...0.4) { spacing.margin = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeFlip(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "flip")
        if let v = try r.integer("first_half_ms", in: 20...5000) { timing.firstHalf = .milliseconds(v) }
        if let v = try r.integer("second_half_ms", in: 20...5000) { timing.secondHalf = .milliseconds(v) }
        let easings = Easing.allCases.map { ($0.rawValue, $0) }
        if let v = try r.choice("first_easing", easings) { timing.firstEasing = v }
        if let v = try r.choice("second_easing", easings) { timing.secondEasing = v }
        if let v = try r.number("perspective", in: 1.5...50) { perspective = v }
        if let v = try r.number("shading", in: 0...1) { shading = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeScore(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "score[\(index)]")
        guard let nameNode = r.node("name"), case .string(let name) = nameNode.value, !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            let at = table["name"]?.valueLocation ?? table.entries.first?.node.keyLocation ?? FileLocation(file: "", line: 1, column: 1)
            throw ConfigError(at, key: r.key("name"), "a score needs a name of letters, digits, - and _")
        }
        if scores.contains(where: { $0.name == name }) {
            throw ConfigError(nameNode.valueLocation, key: r.key("name"), "\"\(name)\" is already the name of another score")
        }
        var score = ScoreDisplay(name: name)
        if let v = try r.string("label") { score.label = v }
        if let v = try r.integer("digits", in: 1...6) { score.digits = v }
        score.maximum = ScoreDisplay.largest(digits: score.digits)
        if let v = try r.integer("min", in: 0...999_999) { score.minimum = v }
        if let v = try r.integer("max", in: 0...score.maximum) { score.maximum = v }
        if let v = try r.choice("change", ScoreDisplay.Change.allCases.map { ($0.rawValue, $0) }) { score.change = v }
        if score.minimum > score.maximum, let node = table["min"] {
            throw ConfigError(node.valueLocation, key: r.key("min"), "\(score.minimum) is above max \(score.maximum)")
        }
        try r.rejectUnknownKeys()
        scores.append(score)
    }

    private mutating func decodeTimer(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "timer[\(index)]")
        guard let nameNode = r.node("name"), case .string(let name) = nameNode.value, !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            let at = table["name"]?.valueLocation ?? table.entries.first?.node.keyLocation ?? FileLocation(file: "", line: 1, column: 1)
            throw ConfigError(at, key: r.key("name"), "a timer needs a name of letters, digits, - and _")
        }
        if timers.contains(where: { $0.name == name }) {
            throw ConfigError(nameNode.valueLocation, key: r.key("name"), "\"\(name)\" is already the name of another timer")
        }
        var timer = TimerDisplay(name: name)
        if let v = try r.string("label") { timer.label = v }
        if let v = try r.choice("direction", TimerDisplay.Direction.allCases.map { ($0.rawValue, $0) }) { timer.direction = v }
        if let v = try r.duration("duration") { timer.duration = v }
        if let v = try r.choice("at_zero", TimerDisplay.AtZero.allCases.map { ($0.rawValue, $0) }) { timer.atZero = v }
        try r.rejectUnknownKeys()
        timers.append(timer)
    }

    private mutating func decodeOutput(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "output")
        if let v = try r.choice("kind", OutputKind.allCases.map { ($0.rawValue, $0) }) { output = v }
        if let v = try r.string("device") { device = v.isEmpty ? nil : v }
        if let v = try r.strings("connectors") { connectors = v }
        screen = try Self.decodeScreen(&r, defaults: ScreenSettings())
        if let v = try r.string("directory") { imageDirectory = v }
        if let v = try r.size("size") {
            imageWidth = v.width
            imageHeight = v.height
        }
        if let t = try r.table("screen") {
            var names = ConfigReader(t, path: "output.screen")
            for (name, _) in t.entries {
                guard let own = try names.table(name) else { continue }
                var settings = ConfigReader(own, path: "output.screen.\(name)")
                screens[name] = try Self.decodeScreen(&settings, defaults: screen)
                try settings.rejectUnknownKeys()
            }
        }
        try r.rejectUnknownKeys()
    }

    /// `rotation` and `mode` as `[output]` and `[output.screen.NAME]` both write them.
    private static func decodeScreen(_ r: inout ConfigReader, defaults: ScreenSettings) throws(ConfigError) -> ScreenSettings {
        var settings = defaults
        if let v = try r.choice("rotation", ScreenRotation.allCases.map { ($0.rawValue, $0) }) { settings.rotation = v }
        if let v = try r.mode("mode") { settings.mode = v.isEmpty ? nil : v }
        return settings
    }
}

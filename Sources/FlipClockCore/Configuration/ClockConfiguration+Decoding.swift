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
        // The game's items first: their names are taken before any score or timer names itself.
        if let t = try top.table("game") { try decodeGame(t) }
        if let t = try top.table("sets") { try decodeSets(t, at: document["sets"]?.keyLocation ?? top.firstKey) }
        for (index, t) in try top.tables("score").enumerated() { try decodeScore(t, index: index) }
        for (index, t) in try top.tables("timer").enumerated() { try decodeTimer(t, index: index) }
        for (index, t) in try top.tables("place").enumerated() { try decodePlace(t, index: index) }
        if let t = try top.table("date") { try decodeDate(t) }
        try decodeNight(&top)
        for (index, t) in try top.tables("text").enumerated() { try decodeText(t, index: index) }
        for (index, t) in try top.tables("countdown").enumerated() { try decodeCountdown(t, index: index) }
        if let t = try top.table("vestaboard") { try decodeVestaboard(t, at: document["vestaboard"]?.keyLocation ?? top.firstKey) }
        let rows = try top.tables("row")
        if !rows.isEmpty { try decodeRows(rows) }
        if let t = document["output"], case .table(let output) = t.value { try checkScreenRows(output) }
        try decodeFaces(top.tables("face", most: 32))
        // After the rows: a message's row is one of the face's.
        for (index, t) in try top.tables("message", most: 64).enumerated() { try decodeMessage(t, index: index) }
        if let t = try top.table("control") {
            var r = ConfigReader(t, path: "control")
            if let v = try r.string("socket") { controlSocket = v }
            if let v = try r.string("group") { controlGroup = v.isEmpty ? nil : v }
            try r.rejectUnknownKeys()
        }
        if let t = try top.table("http") { try decodeHTTP(t) }
        if let t = try top.table("mqtt") { try decodeMQTT(t) }
        if let t = try top.table("match") { try decodeMatch(t) }
        if let t = try top.table("keypad") { try decodeKeypad(t, at: top.table["keypad"]?.keyLocation ?? top.firstKey) }
        if let t = try top.table("sound") { try decodeSound(t) }
        if let t = try top.table("horn") { try decodeHorn(t) }
        if let t = try top.table("state") {
            var r = ConfigReader(t, path: "state")
            if let v = try r.string("file") { stateFile = v }
            try r.rejectUnknownKeys()
        }
        try top.rejectUnknownKeys(kind: "table")
        if vestaboard != nil, http == nil {
            throw ConfigError(
                document["vestaboard"]?.keyLocation ?? top.firstKey, key: "vestaboard",
                "Vestaboard's local API is served by the HTTP API: add [http] with listen (such as \"0.0.0.0:7000\") and token_file")
        }
        try checkMatch(at: top.table["match"]?.keyLocation ?? top.firstKey)
    }

    /// `listen` is required; an address other hosts reach needs `token_file`.
    private mutating func decodeHTTP(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "http")
        let node = r.node("listen")
        guard let node, case .string(let listen) = node.value else {
            throw ConfigError(node?.valueLocation ?? r.firstKey, key: "http.listen", "expected a string \"HOST:PORT\", such as \"127.0.0.1:8080\"")
        }
        guard var settings = HTTPSettings(listen: listen) else {
            throw ConfigError(
                node.valueLocation, key: "http.listen", "\"\(listen)\" is not HOST:PORT (an IPv6 address in brackets), the port 0...65535")
        }
        if let v = try r.string("token_file") { settings.tokenFile = v.isEmpty ? nil : v }
        if let v = try r.integer("timeout_seconds", in: 1...300) { settings.timeout = .seconds(v) }
        try r.rejectUnknownKeys()
        guard settings.isLoopback || settings.tokenFile != nil else {
            throw ConfigError(
                node.valueLocation, key: "http.listen",
                "\(listen) is reachable from other hosts; set http.token_file too, or listen on 127.0.0.1")
        }
        http = settings
    }

    private mutating func decodeClock(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "clock")
        if let v = try r.choice("format", TimeFormat.Format.allCases.map { ($0.rawValue, $0) }) { time.format = v }
        if let v = try r.choice("hour_cycle", TimeFormat.HourCycle.allCases.map { ($0.rawValue, $0) }) { time.hourCycle = v }
        if let v = try r.bool("leading_zero") { time.leadingZero = v }
        if let v = try r.string("time_zone") { timeZone = v.isEmpty ? nil : v }
        if let v = try r.string("label") { clockLabel = v }
        if let v = try r.choice("unsynced", TimeSync.Unsynced.allCases.map { ($0.rawValue, $0) }) { unsynced = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeLook(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "look")
        if let v = try r.choice("theme", Theme.allCases.map { ($0.rawValue, $0) }) { style = v.style }
        if let v = try r.string("font") { fontPath = v }
        if let v = try r.strings("fallback") {
            guard v.count <= Self.longestFallback else {
                throw ConfigError(table["fallback"]!.valueLocation, key: "look.fallback", "has \(v.count) fonts; at most \(Self.longestFallback)")
            }
            if let empty = v.first(where: { $0.text.isEmpty }) {
                throw ConfigError(empty.at, key: "look.fallback", "a font is a path or a name, not \"\"")
            }
            fallbackFonts = v.map(\.text)
        }
        if let v = try r.color("background") { style.background = v }
        if let v = try r.color("card") { style.card = v }
        if let v = try r.color("digits") { style.digits = v }
        if let v = try r.number("corner_radius", in: 0...0.5) { style.cornerRadius = v }
        if let v = try r.number("hinge_gap", in: 0...0.05) { style.hingeGap = v }
        if let v = try r.number("digit_height", in: 0.2...0.9) { style.digitHeight = v }
        if let v = try r.number("card_gap", in: 0...1) { spacing.cardGap = v }
        if let v = try r.number("group_gap", in: 0...2) { spacing.groupGap = v }
        if let v = try r.number("margin", in: 0...0.4) { spacing.margin = v }
        if let v = try r.number("item_gap", in: 0...4) { spacing.itemGap = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeFlip(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "flip")
        if let v = try r.integer("first_half_ms", in: 20...5000) { timing.firstHalf = .milliseconds(v) }
        if let v = try r.integer("second_half_ms", in: 20...5000) { timing.secondHalf = .milliseconds(v) }
        let easings = Easing.allCases.map { ($0.rawValue, $0) }
        if let v = try r.choice("first_easing", easings) { timing.firstEasing = v }
        if let v = try r.choice("second_easing", easings) { timing.secondEasing = v }
        if let v = try r.number("bounce", in: 0...20) { timing.landing.degrees = v }
        if let v = try r.integer("bounce_ms", in: 20...1000) { timing.landing.duration = .milliseconds(v) }
        if let v = try r.number("perspective", in: 1.5...50) { perspective = v }
        if let v = try r.number("shading", in: 0...1) { shading = v }
        if let v = try r.choice("vanishing_point", VanishingPoint.allCases.map { ($0.rawValue, $0) }) { vanishing = v }
        if let v = try r.bool("motion_blur") { motionBlur = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeScore(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "score[\(index)]")
        let name = try newName(&r, kind: "score")
        var score = ScoreItem(name: name)
        if let v = try r.string("label") { score.label = v }
        if let v = try r.integer("digits", in: 1...6) { score.digits = v }
        score.maximum = ScoreItem.largest(digits: score.digits)
        if let v = try r.integer("min", in: 0...999_999) { score.minimum = v }
        if let v = try r.integer("max", in: 0...score.maximum) { score.maximum = v }
        if let v = try r.choice("change", ScoreItem.Change.allCases.map { ($0.rawValue, $0) }) { score.change = v }
        if score.minimum > score.maximum, let node = table["min"] {
            throw ConfigError(node.valueLocation, key: r.key("min"), "\(score.minimum) is above max \(score.maximum)")
        }
        try r.rejectUnknownKeys()
        scores.append(score)
    }

    private mutating func decodeTimer(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "timer[\(index)]")
        let name = try newName(&r, kind: "timer")
        var timer = TimerItem(name: name)
        if let v = try r.string("label") { timer.label = v }
        if let v = try r.choice("direction", TimerItem.Direction.allCases.map { ($0.rawValue, $0) }) { timer.direction = v }
        if let v = try r.duration("duration") { timer.duration = v }
        if let v = try r.choice("at_zero", TimerItem.AtZero.allCases.map { ($0.rawValue, $0) }) { timer.atZero = v }
        if let v = try r.bool("hide_when_idle") { timer.hideWhenIdle = v }
        try r.rejectUnknownKeys()
        timers.append(timer)
    }

    /// The table's name, which no other score, timer, place or text (nor `time`, `date`) has.
    func newName(_ r: inout ConfigReader, kind: String) throws(ConfigError) -> String {
        let (name, at) = try r.name(kind: kind)
        if let other = items.first(where: { $0.name == name }) {
            let what =
                switch other {
                case .clock(let c): c.name == ClockItem.ownName ? "the face's own clock" : "another place"
                case .date: "the date"
                case .score: "another score"
                case .timer: "another timer"
                case .game: "the game's \(other.name == "game" ? "clock" : other.name)"
                case .set: "the match's \(other.name)"
                case .text: "another text"
                case .countdown: "another countdown"
                }
            throw ConfigError(at, key: r.key("name"), "\"\(name)\" is already the name of \(what)")
        }
        return name
    }

    private mutating func decodePlace(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "place[\(index)]")
        let name = try newName(&r, kind: "place")
        guard let zone = try r.string("time_zone"), !zone.isEmpty else {
            throw ConfigError(
                r.firstKey, key: r.key("time_zone"),
                "a place needs an IANA time zone such as \"Asia/Tokyo\"")
        }
        var place = ClockItem(name: name, label: name.uppercased(), zone: zone, time: time)
        if let v = try r.string("label") { place.label = v }
        if let v = try r.choice("format", TimeFormat.Format.allCases.map { ($0.rawValue, $0) }) { place.time.format = v }
        try r.rejectUnknownKeys()
        places.append(place)
    }

    private mutating func decodeDate(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "date")
        var names = DateNames()
        names.months = try r.strings("months", count: 12)?.map(\.text)
        names.shortMonths = try r.strings("short_months", count: 12)?.map(\.text)
        names.weekdays = try r.strings("weekdays", count: 7)?.map(\.text)
        names.shortWeekdays = try r.strings("short_weekdays", count: 7)?.map(\.text)
        let format = try r.string("format") ?? "%a %d %b"
        do {
            date = try DateItem(format: format, names: names, zone: ClockReading.ownZone)
        } catch {
            throw ConfigError(table["format"]?.valueLocation ?? r.firstKey, key: r.key("format"), error.description)
        }
        if let v = try r.string("locale") { date?.locale = v.isEmpty ? nil : v }
        if let v = try r.bool("uppercase") { date?.uppercase = v }
        if let v = try r.string("label") { date?.label = v }
        try r.rejectUnknownKeys()
    }

    private mutating func decodeText(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "text[\(index)]")
        var text = TextItem(name: try newName(&r, kind: "text"))
        if let v = try r.string("label") { text.label = v }
        if let v = try r.integer("cards", in: 1...TextItem.longest) { text.cards = v }
        if let v = try r.choice("align", TextItem.Alignment.allCases.map { ($0.rawValue, $0) }) { text.alignment = v }
        if let v = try r.choice("change", TextItem.Change.allCases.map { ($0.rawValue, $0) }) { text.change = v }
        if let v = try r.string("characters") {
            text.widenDrum(with: v)
            try checkDrum(text, at: table["characters"]!.valueLocation, key: r.key("characters"))
        }
        if let v = try r.string("text") {
            text.widenDrum(with: v)
            try checkDrum(text, at: table["text"]!.valueLocation, key: r.key("text"))
            switch text.checked(v) {
            case .success(let shown): text.text = shown
            case .failure(let problem): throw ConfigError(table["text"]!.valueLocation, key: r.key("text"), problem.description)
            }
        }
        try r.rejectUnknownKeys()
        texts.append(text)
    }

    /// A drum no wider than ``TextItem/widestExtra`` beyond the default.
    private func checkDrum(_ text: TextItem, at location: FileLocation, key: String) throws(ConfigError) {
        let extra = text.extraCharacters.count
        guard extra <= TextItem.widestExtra else {
            throw ConfigError(location, key: key, "adds \(extra) characters to the cards; at most \(TextItem.widestExtra)")
        }
    }

    private mutating func decodeRows(_ tables: [ConfigTable]) throws(ConfigError) {
        var shown: Set<String> = []
        var rows: [[String]] = []
        for (index, table) in tables.enumerated() {
            var r = ConfigReader(table, path: "row[\(index)]")
            guard let names = try r.strings("show"), !names.isEmpty else {
                throw ConfigError(
                    r.firstKey, key: r.key("show"),
                    "a row needs show = [names], from: \(items.map(\.name).joined(separator: ", "))")
            }
            for (name, at) in names { try checkShown(name, at: at, key: r.key("show"), shown: &shown) }
            try r.rejectUnknownKeys()
            rows.append(names.map(\.text))
        }
        rowNames = rows
    }

    /// That `name` is something the file defines, not shown already.
    func checkShown(_ name: String, at: FileLocation, key: String, shown: inout Set<String>) throws(ConfigError) {
        let known = items.map(\.name)
        guard known.contains(name) else {
            throw ConfigError(at, key: key, "nothing is named \"\(name)\"; names are \(known.joined(separator: ", "))")
        }
        guard shown.insert(name).inserted else {
            throw ConfigError(at, key: key, "\"\(name)\" is already shown in another row")
        }
    }

    /// `[output.screen.NAME] rows`, read with the output, checked once everything a row can
    /// show is known.
    private func checkScreenRows(_ output: ConfigTable) throws(ConfigError) {
        guard let node = output["screen"], case .table(let screens) = node.value else { return }
        for (name, screenNode) in screens.entries {
            guard case .table(let screen) = screenNode.value, let rows = screen["rows"], case .array(let strings) = rows.value else { continue }
            var shown: Set<String> = []
            for string in strings {
                guard case .string(let text) = string.value else { continue }
                for item in text.split(separator: " ") {
                    try checkShown(String(item), at: string.valueLocation, key: "output.screen.\(name).rows", shown: &shown)
                }
            }
        }
    }

    private mutating func decodeOutput(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "output")
        if let v = try r.choice("kind", OutputKind.allCases.map { ($0.rawValue, $0) }) { output = v }
        if let v = try r.string("device") { device = v.isEmpty ? nil : v }
        if let v = try r.strings("connectors") { connectors = v.map(\.text) }
        screen = try Self.decodeScreen(&r, defaults: ScreenSettings())
        if let v = try r.string("directory") { imageDirectory = v }
        if let v = try r.string("backlight") { backlight = v }
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
                if let v = try settings.strings("rows") {
                    screens[name]?.rows = v.map { $0.text.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
                }
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

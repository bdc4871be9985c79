extension ClockConfiguration {
    /// `[sun]` (where the clock is), `[[night]]` (when the screen dims or goes dark; a period
    /// may follow the sun there) and `[light]` (a light sensor).
    mutating func decodeNight(_ top: inout ConfigReader) throws(ConfigError) {
        if let t = try top.table("sun") {
            var r = ConfigReader(t, path: "sun")
            let latitude = try r.number("latitude", in: -90...90)
            let longitude = try r.number("longitude", in: -180...180)
            guard let latitude, let longitude else {
                let missing = latitude == nil ? "latitude" : "longitude"
                throw ConfigError(r.firstKey, key: r.key(missing), "[sun] needs both latitude (-90...90, north) and longitude (-180...180, east)")
            }
            try r.rejectUnknownKeys()
            night.place = Coordinates(latitude: latitude, longitude: longitude)
        }
        for (index, table) in try top.tables("night").enumerated() {
            var r = ConfigReader(table, path: "night[\(index)]")
            guard let hours = try r.string("hours") else {
                throw ConfigError(r.firstKey, key: r.key("hours"), "a night period needs hours = \"HH:MM-HH:MM\"")
            }
            let percent = try r.integer("brightness", in: 0...100) ?? 0
            let period = NightSchedule.Period(
                hours: try Self.hours(hours, at: table["hours"]!.valueLocation, key: r.key("hours"), place: night.place),
                brightness: Double(percent) / 100)
            try r.rejectUnknownKeys()
            night.periods.append(period)
        }
        if let t = try top.table("light") { try decodeLight(t) }
    }

    private mutating func decodeLight(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "light")
        var light = LightSettings()
        if let v = try r.string("sensor") {
            guard v == "auto" || v.hasPrefix("/") else {
                throw ConfigError(
                    table["sensor"]!.valueLocation, key: r.key("sensor"), "\"\(v)\" is neither \"auto\" nor a device's folder (an absolute path)")
            }
            light.sensor = v
        }
        if let node = r.node("curve") {
            light.curve = try Self.curve(node, key: r.key("curve"))
        }
        if let v = try r.number("smoothing_seconds", in: 0...600) { light.smoothingSeconds = v }
        if let v = try r.integer("hysteresis", in: 0...50) { light.hysteresis = v }
        if let v = try r.number("interval_seconds", in: 0.2...60) { light.intervalSeconds = v }
        try r.rejectUnknownKeys()
        self.light = light
    }

    /// `[[lux, percent], …]`: 1 to 16 points, the lux (0…200000) rising, the percent 0…100.
    private static func curve(_ node: ConfigNode, key: String) throws(ConfigError) -> LightCurve {
        let expected = "expected [[lux, percent], …], such as [[0, 5], [10, 25], [100, 60], [1000, 100]]"
        guard case .array(let items) = node.value, (1...16).contains(items.count) else {
            throw ConfigError(node.valueLocation, key: key, "\(expected), 1 to 16 points")
        }
        var points: [LightCurve.Point] = []
        for (n, item) in items.enumerated() {
            guard case .array(let pair) = item.value, pair.count == 2, let lux = pair[0].number, case .integer(let percent) = pair[1].value
            else { throw ConfigError(item.valueLocation, key: key, "point \(n + 1): \(expected)") }
            guard (0...200_000).contains(lux), (0...100).contains(percent) else {
                throw ConfigError(item.valueLocation, key: key, "point \(n + 1): the lux must be 0...200000 and the percent 0...100")
            }
            if let last = points.last, lux <= last.lux {
                throw ConfigError(item.valueLocation, key: key, "point \(n + 1): the lux must rise from point to point")
            }
            points.append(LightCurve.Point(lux: lux, percent: percent))
        }
        return LightCurve(points: points)
    }
}

extension ConfigNode {
    /// An integer or a float as a number.
    fileprivate var number: Double? {
        switch value {
        case .integer(let i): Double(i)
        case .float(let d): d.isFinite ? d : nil
        default: nil
        }
    }
}

/// Reads one table of a configuration document: typed values by key, each checked against
/// what is allowed, and at the end no key left that nobody asked for.
struct ConfigReader {
    let table: ConfigTable
    /// The dotted path of this table (`flip`), prefixed to every key in messages.
    let path: String
    private var known: [String] = []

    init(_ table: ConfigTable, path: String) {
        self.table = table
        self.path = path
    }

    func key(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// The node for `name`, noting it as a known key; `nil` when the file does not set it.
    mutating func node(_ name: String) -> ConfigNode? {
        known.append(name)
        return table[name]
    }

    func typeError(_ name: String, _ node: ConfigNode, expected: String) -> ConfigError {
        ConfigError(node.valueLocation, key: key(name), "expected \(expected), found \(node.kind)")
    }

    mutating func table(_ name: String) throws(ConfigError) -> ConfigTable? {
        guard let node = node(name) else { return nil }
        guard case .table(let t) = node.value else { throw typeError(name, node, expected: "a table") }
        return t
    }

    /// An array of tables (`[[score]]`), at most `most`; empty when the file has none.
    mutating func tables(_ name: String, most: Int = .max) throws(ConfigError) -> [ConfigTable] {
        guard let node = node(name) else { return [] }
        guard case .array(let items) = node.value else { throw typeError(name, node, expected: "an array of tables ([[\(name)]])") }
        // What each wake looks at is bounded by the file, not by how long it may grow.
        guard items.count <= most else { throw ConfigError(items[most].valueLocation, key: key(name), "\(items.count) tables; at most \(most)") }
        var tables: [ConfigTable] = []
        for item in items {
            guard case .table(let t) = item.value else { throw typeError(name, item, expected: "a table ([[\(name)]])") }
            tables.append(t)
        }
        return tables
    }

    mutating func string(_ name: String) throws(ConfigError) -> String? {
        guard let node = node(name) else { return nil }
        guard case .string(let s) = node.value else { throw typeError(name, node, expected: "a string") }
        return s
    }

    mutating func bool(_ name: String) throws(ConfigError) -> Bool? {
        guard let node = node(name) else { return nil }
        guard case .bool(let b) = node.value else { throw typeError(name, node, expected: "a boolean (true or false)") }
        return b
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let node = node(name) else { return nil }
        guard case .integer(let i) = node.value else { throw typeError(name, node, expected: "an integer") }
        guard range.contains(i) else {
            throw ConfigError(node.valueLocation, key: key(name), "\(i) is out of range; allowed \(range.lowerBound)...\(range.upperBound)")
        }
        return i
    }

    /// A number; integers are numbers too.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let node = node(name) else { return nil }
        let value: Double
        switch node.value {
        case .float(let d): value = d
        case .integer(let i): value = Double(i)
        default: throw typeError(name, node, expected: "a number")
        }
        guard range.contains(value) else {
            throw ConfigError(
                node.valueLocation, key: key(name),
                "\(Self.format(value)) is out of range; allowed \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))"
            )
        }
        return value
    }

    /// One of a fixed set of strings.
    mutating func choice<T>(_ name: String, _ choices: [(String, T)]) throws(ConfigError) -> T? {
        guard let node = self.node(name) else { return nil }
        guard case .string(let s) = node.value else { throw typeError(name, node, expected: "a string") }
        if let match = choices.first(where: { $0.0 == s }) { return match.1 }
        throw ConfigError(
            node.valueLocation, key: key(name), "\"\(s)\" is not allowed; allowed \(choices.map { "\"\($0.0)\"" }.joined(separator: ", "))")
    }

    /// One of a fixed set of integers.
    mutating func choice<T>(_ name: String, _ choices: [(Int, T)]) throws(ConfigError) -> T? {
        guard let node = self.node(name) else { return nil }
        guard case .integer(let i) = node.value else { throw typeError(name, node, expected: "an integer") }
        if let match = choices.first(where: { $0.0 == i }) { return match.1 }
        throw ConfigError(node.valueLocation, key: key(name), "\(i) is not allowed; allowed \(choices.map { "\($0.0)" }.joined(separator: ", "))")
    }

    mutating func color(_ name: String) throws(ConfigError) -> RGBColor? {
        guard let node = self.node(name) else { return nil }
        guard case .string(let s) = node.value else { throw typeError(name, node, expected: "a string") }
        guard let color = RGBColor(hex: s) else {
            throw ConfigError(node.valueLocation, key: key(name), "\"\(s)\" is not a colour; expected \"#rrggbb\"")
        }
        return color
    }

    mutating func size(_ name: String) throws(ConfigError) -> PixelSize? {
        guard let node = self.node(name) else { return nil }
        guard case .string(let s) = node.value else { throw typeError(name, node, expected: "a string") }
        guard let size = PixelSize(parsing: s) else {
            throw ConfigError(
                node.valueLocation, key: key(name),
                "\"\(s)\" is not a size; expected \"WIDTHxHEIGHT\", each side \(PixelSize.allowedSides.lowerBound)...\(PixelSize.allowedSides.upperBound)"
            )
        }
        guard size.width * size.height <= PixelSize.mostPixels else {
            throw ConfigError(
                node.valueLocation, key: key(name),
                "\"\(s)\" is \(size.width * size.height) pixels; at most \(PixelSize.mostPixels) (3840x2160, a 4K screen's), as each frame is drawn whole"
            )
        }
        return size
    }

    /// A display mode: `""`, `WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ`.
    mutating func mode(_ name: String) throws(ConfigError) -> String? {
        guard let node = self.node(name) else { return nil }
        guard case .string(let s) = node.value else { throw typeError(name, node, expected: "a string") }
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        let sizeOK = parts.count >= 1 && PixelSize(parsing: String(parts[0])) != nil
        let rateOK = parts.count == 1 || (parts.count == 2 && Int(parts[1]).map { (1...1000).contains($0) } == true)
        guard s.isEmpty || (sizeOK && rateOK) else {
            throw ConfigError(node.valueLocation, key: key(name), "\"\(s)\" is not a mode; expected \"WIDTHxHEIGHT\" or \"WIDTHxHEIGHT@HZ\"")
        }
        return s
    }

    /// A duration: `"25m"`, `"1h30m"`, `"90s"`, `"MM:SS"` or whole seconds, in `range` (a timer's:
    /// at most 99:59, which `longest` writes).
    mutating func duration(_ name: String, in range: ClosedRange<Int> = 0...TimerItem.longest, longest: String = "99:59") throws(ConfigError) -> Int?
    {
        guard let node = self.node(name) else { return nil }
        let seconds: Int?
        switch node.value {
        case .integer(let i): seconds = i >= 0 ? i : nil
        case .string(let s): seconds = TimerItem.parseDuration(s)
        default: throw typeError(name, node, expected: "a duration")
        }
        guard let seconds, range.contains(seconds) else {
            let from = range.lowerBound > 0 ? "from \(range.lowerBound)s " : ""
            throw ConfigError(
                node.valueLocation, key: key(name), "not a duration \(from)up to \(longest); write \"25m\", \"1h30m\", \"90s\" or \"MM:SS\"")
        }
        return seconds
    }

    /// An array of strings, each with where it is written; `count` when it must have that many.
    mutating func strings(_ name: String, count: Int? = nil) throws(ConfigError) -> [(text: String, at: FileLocation)]? {
        guard let node = self.node(name) else { return nil }
        let expected = count.map { "an array of \($0) strings" } ?? "an array of strings"
        guard case .array(let items) = node.value else { throw typeError(name, node, expected: expected) }
        var strings: [(text: String, at: FileLocation)] = []
        for item in items {
            guard case .string(let s) = item.value else { throw typeError(name, item, expected: expected) }
            strings.append((s, item.valueLocation))
        }
        if let count, strings.count != count {
            throw ConfigError(node.valueLocation, key: key(name), "has \(strings.count) names; expected \(count)")
        }
        return strings
    }

    /// Where a key the table lacks is reported: its first key (the table's first line), or
    /// where an empty table begins.
    var firstKey: FileLocation { table.entries.first?.node.keyLocation ?? table.location ?? FileLocation(file: "", line: 1, column: 1) }

    /// A name that commands and rows use: letters, digits, `-` and `_`; `kind` says what it names.
    mutating func name(kind: String) throws(ConfigError) -> (text: String, at: FileLocation) {
        guard let node = node("name"), case .string(let name) = node.value, Name.isSpelled(name) else {
            let at = table["name"]?.valueLocation ?? firstKey
            throw ConfigError(at, key: key("name"), "a \(kind) needs a name of letters, digits, - and _")
        }
        return (name, node.valueLocation)
    }

    /// Throws for the first key (in the file's order) that was never asked for.
    func rejectUnknownKeys(kind: String = "key") throws(ConfigError) {
        guard let unknown = table.entries.first(where: { !known.contains($0.key) }) else { return }
        let allowed = known.joined(separator: ", ")
        let place = path.isEmpty ? "at the top level" : "in [\(path)]"
        throw ConfigError(unknown.node.keyLocation, key: key(unknown.key), "unknown \(kind); allowed \(place): \(allowed)")
    }

    /// A number as written in messages: no trailing ".0" on whole numbers.
    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

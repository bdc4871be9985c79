/// A configuration document as parsed, every value with the place it was written.
///
/// The file format's parser (TOML, in the daemon) builds it; the core validates it into a
/// ``ClockConfiguration`` without knowing the format.
public struct ConfigNode: Equatable, Sendable {
    public indirect enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case table(ConfigTable)
        case array([ConfigNode])
        /// A value of a kind the configuration never uses (dates, times), by its kind's name.
        case other(String)
    }

    public var value: Value
    /// Where the key naming this value was written (for unknown keys).
    public var keyLocation: FileLocation
    /// Where the value itself was written (for wrong types and ranges).
    public var valueLocation: FileLocation

    public init(_ value: Value, key keyLocation: FileLocation, value valueLocation: FileLocation) {
        self.value = value
        self.keyLocation = keyLocation
        self.valueLocation = valueLocation
    }

    /// The kind of value as an error message names it: "an integer", "a string".
    public var kind: String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .bool: "a boolean"
        case .table: "a table"
        case .array: "an array"
        case .other(let name): "a \(name)"
        }
    }
}

/// A table of a configuration document: keys and their values, in the order written.
public struct ConfigTable: Equatable, Sendable {
    public var entries: [(key: String, node: ConfigNode)]
    /// Where the table begins (its header, `[[score]]`): where a key it lacks is reported
    /// when it has none (not part of its equality).
    public var location: FileLocation?

    public init(_ entries: [(key: String, node: ConfigNode)] = [], at location: FileLocation? = nil) {
        self.entries = entries.sorted { $0.node.keyLocation < $1.node.keyLocation }
        self.location = location
    }

    public subscript(key: String) -> ConfigNode? { entries.first { $0.key == key }?.node }

    public static func == (a: ConfigTable, b: ConfigTable) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.node == $1.node }
    }
}

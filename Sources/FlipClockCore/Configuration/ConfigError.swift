/// What is wrong in a configuration file, and where: `file:line:col: key: message`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: FileLocation
    /// The dotted key (`flip.first_half_ms`); `nil` for a syntax error.
    public var key: String?
    public var message: String

    public init(_ location: FileLocation, key: String?, _ message: String) {
        self.location = location
        self.key = key
        self.message = message
    }

    public var description: String {
        key.map { "\(location): \($0): \(message)" } ?? "\(location): \(message)"
    }
}

/// `[vestaboard]`: Vestaboard's local API (`/local-api/message`) on the HTTP API's server,
/// writing and reading the six text rows `vestaboard-1` … `vestaboard-6`.
public struct VestaboardSettings: Equatable, Sendable {
    /// `key_file`: the file whose first line is the key clients send in
    /// `X-Vestaboard-Local-Api-Key` (read at start, as `[http] token_file` is).
    public var keyFile: String

    public init(keyFile: String) {
        self.keyFile = keyFile
    }
}

extension ClockConfiguration {
    /// `key_file` (required); adds the six rows, whose names no other item may have.
    mutating func decodeVestaboard(_ table: ConfigTable, at location: FileLocation) throws(ConfigError) {
        var r = ConfigReader(table, path: "vestaboard")
        guard let keyFile = try r.string("key_file"), !keyFile.isEmpty else {
            throw ConfigError(
                table["key_file"]?.valueLocation ?? location, key: "vestaboard.key_file",
                "expected the path of the file that holds the local API key, such as \"/etc/flipclock/vestaboard-key\"")
        }
        try r.rejectUnknownKeys()
        for row in Vestaboard.rowItems where items.contains(where: { $0.name == row.name }) {
            throw ConfigError(location, key: "vestaboard", "its row \"\(row.name)\" is already the name of another item; rename that one")
        }
        vestaboard = VestaboardSettings(keyFile: keyFile)
        texts += Vestaboard.rowItems
    }
}

import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// `[vestaboard]`: its key file, the six rows it adds, and what is wrong with it at file:line:col.
@Suite struct VestaboardConfigTests {
    static let http = "[http]\nlisten = \"127.0.0.1:7000\"\n"

    @Test func itAddsSixRowsOf22Cards() throws {
        let configuration = try ConfigFile.parse(Self.http + "[vestaboard]\nkey_file = \"/etc/flipclock/vestaboard-key\"\n", path: "f.toml")
        #expect(configuration.vestaboard == VestaboardSettings(keyFile: "/etc/flipclock/vestaboard-key"))
        #expect(configuration.texts.map(\.name) == ["vestaboard-1", "vestaboard-2", "vestaboard-3", "vestaboard-4", "vestaboard-5", "vestaboard-6"])
        #expect(configuration.texts.allSatisfy { $0.cards == 22 && $0.alignment == .left && $0.change == .step && $0.label.isEmpty })
        // Without [[row]], one row each, after the time.
        #expect(configuration.defaultRows.suffix(6) == Vestaboard.rowNames.map { [$0] })
        #expect(try ConfigFile.parse(Self.http, path: "f.toml").vestaboard == nil)
    }

    @Test(arguments: [
        (
            http + "[vestaboard]\n",
            "f.toml:3:2: vestaboard.key_file: expected the path of the file that holds the local API key, such as \"/etc/flipclock/vestaboard-key\""
        ),
        (
            http + "[vestaboard]\nkey_file = \"\"\n",
            "f.toml:4:12: vestaboard.key_file: expected the path of the file that holds the local API key, such as \"/etc/flipclock/vestaboard-key\""
        ),
        (http + "[vestaboard]\nkey_file = \"/k\"\nport = 7000\n", "f.toml:5:1: vestaboard.port: unknown key; allowed in [vestaboard]: key_file"),
        (
            "[vestaboard]\nkey_file = \"/k\"\n",
            "f.toml:1:2: vestaboard: Vestaboard's local API is served by the HTTP API: add [http] with listen (such as \"0.0.0.0:7000\") and token_file"
        ),
        (
            http + "[[text]]\nname = \"vestaboard-2\"\n[vestaboard]\nkey_file = \"/k\"\n",
            "f.toml:5:2: vestaboard: its row \"vestaboard-2\" is already the name of another item; rename that one"
        ),
    ])
    func aWrongTableIsSaidWhereItIs(text: String, message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }
}

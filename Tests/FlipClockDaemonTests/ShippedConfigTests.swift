import FlipClockCore
import Foundation
import Testing

@testable import FlipClockDaemon

/// The shipped `Config/flipclock.toml` (the package's conffile, the file a Debian user edits
/// first) names every table and every key the parser knows, set or commented out.
///
/// The parser's own key table is what it says of a key it does not know: `unknown key;
/// allowed in [flip]: first_half_ms, …`. Each table is given such a key, with what the table
/// cannot go without, and every key its answer allows must be in the shipped file's table.
@Suite struct ShippedConfigTests {
    /// Each table the parser reads, as a file writes it, with the keys it needs to be read.
    static let probes: [(header: String, needs: String)] = [
        ("[clock]", ""), ("[look]", ""), ("[flip]", ""), ("[output]", ""), ("[output.screen.HDMI-A-1]", ""), ("[date]", ""),
        ("[control]", ""), ("[state]", ""), ("[sound]", ""), ("[horn]", ""), ("[game]", ""), ("[game.shot_clock]", ""),
        ("[sets]", #"sport = "tennis""#),
        ("[http]", #"listen = "127.0.0.1:8080""#), ("[mqtt]", #"host = "localhost""#), ("[keypad]", #"device = "/dev/input/event0""#),
        ("[match]", "topic = \"flipclock/match/hall\"\nrole = \"leader\""),
        ("[[score]]", #"name = "home""#), ("[[timer]]", #"name = "tea""#), ("[[text]]", #"name = "board""#), ("[vestaboard]", #"key_file = "/k""#),
        ("[[place]]", "name = \"tokyo\"\ntime_zone = \"Asia/Tokyo\""), ("[[night]]", #"hours = "22:00-07:00""#),
        ("[sun]", "latitude = 0\nlongitude = 0"), ("[light]", ""),
        ("[[row]]", #"show = ["time"]"#), ("[[countdown]]", #"name = "opening""#),
        ("[[message]]", "text = \"a\"\nat = \"19:00\""),
        ("[[face]]", "name = \"morning\"\nrows = [\"time\"]"),
    ]

    /// The keys the parser allows in the table `header` opens (the top level for `""`).
    static func allowed(_ header: String, needs: String) throws -> [String] {
        let text = header.isEmpty ? "zzz_unknown = 1" : "\(header)\n\(needs)\nzzz_unknown = 1"
        let error = #expect(throws: ConfigError.self, "\(header)") { try ConfigFile.parse(text, path: "probe.toml", environment: [:]) }
        let message = try #require(error?.message, "\(header)")
        let list = try #require(message.split(separator: ": ", maxSplits: 1).last, "\(header): \(message)")
        #expect(message.hasPrefix("unknown key; allowed ") || message.hasPrefix("unknown table; allowed "), "\(header): \(message)")
        return list.split(separator: ", ").map(String.init)
    }

    /// The shipped file's tables (`[flip]`, `[[score]]`, `#[http]`, `# [output.screen.HDMI-A-2]`,
    /// by name, `output.screen.*` for a screen's) and the keys written or commented out in each.
    static func shipped() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: ConfigFileTests.shipped, encoding: .utf8)
        var tables: [String: Set<String>] = ["": []], table = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bare = line.drop { $0 == "#" || $0 == " " }
            if bare.hasPrefix("["), let end = bare.firstIndex(of: "]") {
                table = String(bare[..<end].drop { $0 == "[" })
                if table.hasPrefix("output.screen.") { table = "output.screen.*" }
                tables[table, default: []].insert("")
                // A table inside another (`[game.shot_clock]`) is one of its keys.
                let parts = table.split(separator: ".")
                if parts.count > 1 { tables[String(parts[0]), default: []].insert(String(parts[1])) }
            } else if let equals = bare.firstIndex(of: "="),
                case let key = bare[..<equals].trimmingCharacters(in: .whitespaces),
                !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                tables[table, default: []].insert(key)
            }
        }
        return tables
    }

    @Test func theShippedFileNamesEveryTable() throws {
        let tables = try Self.shipped()
        let probed = Set(Self.probes.map { $0.header.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) })
        for table in try Self.allowed("", needs: "") {
            #expect(tables[table] != nil, "the shipped file does not name [\(table)]")
            #expect(probed.contains(table), "no probe for [\(table)]: add one to ShippedConfigTests.probes")
        }
    }

    @Test(arguments: probes) func theShippedFileNamesEveryKeyOf(_ header: String, needs: String) throws {
        var table = header.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if table.hasPrefix("output.screen.") { table = "output.screen.*" }
        let written = try Self.shipped()[table] ?? []
        let allowed = try Self.allowed(header, needs: needs)
        for key in allowed {
            #expect(written.contains(key), "the shipped file's \(header) does not name \(key)")
        }
    }
}

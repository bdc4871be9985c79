import FlipClockCore
import FlipClockDaemon
import Testing

/// `[match]` in a configuration file: the match's topic and this clock's role, with the
/// broker and the rules it needs.
@Suite struct MatchConfigTests {
    static let needed = "[mqtt]\nhost = \"localhost\"\n\n[game]\n\n"

    @Test func noMatchTableRunsTheClocksOwnGame() throws {
        #expect(try ConfigFile.parse(Self.needed, path: "f.toml").match == nil)
    }

    @Test(arguments: MatchSettings.Role.allCases) func aMatchIsATopicAndARole(_ role: MatchSettings.Role) throws {
        let c = try ConfigFile.parse(Self.needed + "[match]\ntopic = \"flipclock/match/hall\"\nrole = \"\(role.rawValue)\"\n", path: "f.toml")
        #expect(c.match == MatchSettings(topic: "flipclock/match/hall", role: role))
    }

    @Test func aTopicOf200BytesIsOne() throws {
        let topic = String(repeating: "a/", count: 99) + "ab"
        let c = try ConfigFile.parse(Self.needed + "[match]\ntopic = \"\(topic)\"\nrole = \"leader\"\n", path: "f.toml")
        #expect(c.match?.topic == topic)
    }

    static let notATopic = "is not a match's topic; write 1 to 200 bytes without + # or NUL, and no leading or trailing /"

    @Test(arguments: [
        ("[match]\ntopic = \"flipclock/match/hall\"\nrole = \"boss\"\n", "f.toml:8:8: match.role: \"boss\" is not one of leader, standby, follower"),
        (
            "[match]\ntopic = \"flipclock/match/hall\"\nrole = 1\n",
            "f.toml:8:8: match.role: expected this clock's part in the match: one of leader, standby, follower"
        ),
        (
            "[match]\ntopic = \"flipclock/match/hall\"\n",
            "f.toml:7:1: match.role: expected this clock's part in the match: one of leader, standby, follower"
        ),
        ("[match]\nrole = \"leader\"\n", "f.toml:7:1: match.topic: expected the match's MQTT topic, such as \"flipclock/match/hall\""),
        ("[match]\ntopic = \"\"\nrole = \"leader\"\n", "f.toml:7:9: match.topic: \"\" \(notATopic)"),
        ("[match]\ntopic = \"hall/+\"\nrole = \"leader\"\n", "f.toml:7:9: match.topic: \"hall/+\" \(notATopic)"),
        ("[match]\ntopic = \"hall/#\"\nrole = \"leader\"\n", "f.toml:7:9: match.topic: \"hall/#\" \(notATopic)"),
        ("[match]\ntopic = \"/hall\"\nrole = \"leader\"\n", "f.toml:7:9: match.topic: \"/hall\" \(notATopic)"),
        ("[match]\ntopic = \"hall/\"\nrole = \"leader\"\n", "f.toml:7:9: match.topic: \"hall/\" \(notATopic)"),
        (
            "[match]\ntopic = \"hall\"\nrole = \"leader\"\nseq = 1\n",
            "f.toml:9:1: match.seq: unknown key; allowed in [match]: topic, role"
        ),
    ])
    func mistakesAreNamedWhereTheyAreWritten(match: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(Self.needed + match, path: "f.toml") }
        #expect(error?.description == message)
    }

    @Test func aTopicOver200BytesIsNotOne() {
        let topic = String(repeating: "a", count: 201)
        let error = #expect(throws: ConfigError.self) {
            try ConfigFile.parse(Self.needed + "[match]\ntopic = \"\(topic)\"\nrole = \"leader\"\n", path: "f.toml")
        }
        #expect(error?.description == "f.toml:7:9: match.topic: \"\(String(repeating: "a", count: 64))\" \(Self.notATopic)")
    }

    @Test func aMatchNeedsTheBrokerAndTheRules() {
        let match = "[match]\ntopic = \"hall\"\nrole = \"follower\"\n"
        let noBroker = #expect(throws: ConfigError.self) { try ConfigFile.parse("[game]\n\n" + match, path: "f.toml") }
        #expect(noBroker?.description == "f.toml:3:2: match: needs [mqtt]: the match is shared through the broker, which [mqtt] names")
        let noRules = #expect(throws: ConfigError.self) { try ConfigFile.parse("[mqtt]\nhost = \"localhost\"\n\n" + match, path: "f.toml") }
        #expect(noRules?.description == "f.toml:4:2: match: needs [game]: the rules of the match, the same as its leader's")
    }
}

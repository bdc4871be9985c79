import FlipClockCore
import FlipClockDaemon
import Testing

/// `[mqtt] groups` and `group_topic`: the groups a clock takes commands for (issue 33, a fleet).
@Suite struct MQTTGroupConfigTests {
    func parse(_ lines: String) throws(ConfigError) -> MQTTSettings? {
        try ConfigFile.parse("[mqtt]\nhost = \"broker\"\n\(lines)\n", path: "f.toml").mqtt
    }

    @Test func groupsAndTheirTopicAreRead() throws {
        let settings = try parse("groups = [\"hall\", \"floor-2\", \"Lab_3\"]\ngroup_topic = \"school/clocks\"")
        #expect(settings?.groups == ["hall", "floor-2", "Lab_3"])
        #expect(settings?.groupTopic == "school/clocks")
    }

    @Test func noGroupsByDefaultAndTheTopicIsFlipclockGroup() throws {
        let settings = try parse("")
        #expect(settings?.groups == [])
        #expect(settings?.groupTopic == "flipclock/group")
    }

    // An array's strings are placed where the array begins (the TOML reader keeps no place per item).
    static let names = (1...17).map { "\"g\($0)\"" }.joined(separator: ", ")

    @Test(arguments: [
        ("groups = \"hall\"", "f.toml:3:10: mqtt.groups: expected an array of strings, found a string"),
        ("groups = [\"hall\", 2]", "f.toml:3:10: mqtt.groups: expected an array of strings, found an integer"),
        ("groups = [\"hall\", \"floor 2\"]", "f.toml:3:10: mqtt.groups: \"floor 2\" is not a group name; write 1 to 32 letters, digits, - and _"),
        ("groups = [\"\"]", "f.toml:3:10: mqtt.groups: \"\" is not a group name; write 1 to 32 letters, digits, - and _"),
        ("groups = [\"a/b\"]", "f.toml:3:10: mqtt.groups: \"a/b\" is not a group name; write 1 to 32 letters, digits, - and _"),
        ("groups = [\"+\"]", "f.toml:3:10: mqtt.groups: \"+\" is not a group name; write 1 to 32 letters, digits, - and _"),
        ("groups = [\"Zürich\"]", "f.toml:3:10: mqtt.groups: \"Zürich\" is not a group name; write 1 to 32 letters, digits, - and _"),
        (
            "groups = [\"\(String(repeating: "a", count: 33))\"]",
            "f.toml:3:10: mqtt.groups: \"\(String(repeating: "a", count: 33))\" is not a group name; write 1 to 32 letters, digits, - and _"
        ),
        ("groups = [\"hall\", \"lobby\", \"hall\"]", "f.toml:3:10: mqtt.groups: \"hall\" is named twice"),
        ("groups = [\(names)]", "f.toml:3:10: mqtt.groups: 17 groups; at most 16"),
        (
            "group_topic = \"school/#\"",
            "f.toml:3:15: mqtt.group_topic: \"school/#\" is not a topic; \(MQTTTopicConfigTests.rule), not empty"
        ),
        ("group_topic = \"\"", "f.toml:3:15: mqtt.group_topic: \"\" is not a topic; \(MQTTTopicConfigTests.rule), not empty"),
    ])
    func aBadGroupIsRefusedWhereItIsWritten(line: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try parse(line) }
        #expect(error?.description == message)
    }

    @Test func thirtyTwoBytesAndSixteenGroupsAreTaken() throws {
        let long = String(repeating: "a", count: 32)
        #expect(try parse("groups = [\"\(long)\"]")?.groups == [long])
        let sixteen = (1...16).map { "\"g\($0)\"" }.joined(separator: ", ")
        #expect(try parse("groups = [\(sixteen)]")?.groups.count == 16)
    }

    /// A reload takes the groups; the rest of `[mqtt]` waits for the next start.
    @Test func theGroupsAreNotWhatWaitsForTheNextStart() throws {
        let before = try parse("groups = [\"hall\"]"), after = try parse("groups = [\"lobby\"]\ngroup_topic = \"school\"")
        #expect(before != after)
        #expect(before?.withoutGroups == after?.withoutGroups)
        #expect(try parse("keepalive_seconds = 20")?.withoutGroups != before?.withoutGroups)
    }
}

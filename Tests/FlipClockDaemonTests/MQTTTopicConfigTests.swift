import FlipClockCore
import FlipClockDaemon
import Testing

/// `[mqtt] base_topic` and `discovery_prefix`: `base_topic = "$SYS/x"` was taken (issue 31, 19),
/// a topic the broker keeps for itself.
@Suite struct MQTTTopicConfigTests {
    static let rule = "write up to 128 bytes without + #, control characters, a leading $, an empty level or a leading or trailing /"

    @Test(arguments: [
        ("base_topic = \"$SYS/x\"", "f.toml:3:14: mqtt.base_topic: \"$SYS/x\" is not a topic; \(rule), not empty"),
        ("base_topic = \"clocks//hall\"", "f.toml:3:14: mqtt.base_topic: \"clocks//hall\" is not a topic; \(rule), not empty"),
        ("base_topic = \"a\\u0007b\"", "f.toml:3:14: mqtt.base_topic: \"a?b\" is not a topic; \(rule), not empty"),
        ("discovery_prefix = \"$share/ha\"", "f.toml:3:20: mqtt.discovery_prefix: \"$share/ha\" is not a topic; \(rule)"),
    ])
    func aTopicTheBrokerKeepsOrCannotMatchIsRefused(line: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse("[mqtt]\nhost = \"broker\"\n\(line)\n", path: "f.toml") }
        #expect(error?.description == message)
    }

    @Test func aTopicWithADollarInsideIsTaken() throws {
        let settings = try ConfigFile.parse("[mqtt]\nhost = \"broker\"\nbase_topic = \"clocks/$hall\"\n", path: "f.toml").mqtt
        #expect(settings?.baseTopic == "clocks/$hall")
    }
}

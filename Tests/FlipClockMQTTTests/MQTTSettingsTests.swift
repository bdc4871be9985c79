import FlipClockCore
import Testing

@Suite struct MQTTSettingsTests {
    @Test func namesComeFromTheHostnameWhereTheFileLeavesThemOut() {
        let identity = MQTTSettings(host: "broker").identity(hostname: "Kitchen.lan")
        #expect(
            identity
                == MQTTIdentity(
                    clientID: "flipclock-kitchen_lan", base: "flipclock/kitchen_lan", prefix: "homeassistant", node: "flipclock_kitchen_lan",
                    device: "flipclock kitchen_lan"))
    }

    @Test func theFilesNamesWin() {
        var settings = MQTTSettings(host: "broker")
        settings.clientID = "hall"
        settings.baseTopic = "clocks/hall"
        settings.discoveryPrefix = ""
        #expect(settings.identity(hostname: "pi").clientID == "hall")
        #expect(settings.identity(hostname: "pi").base == "clocks/hall")
        #expect(settings.identity(hostname: "pi").prefix == "")
    }

    @Test func thePortFollowsTLS() {
        var settings = MQTTSettings(host: "broker")
        #expect(settings.brokerPort == 1883)
        settings.tls = true
        #expect(settings.brokerPort == 8883)
        settings.port = 18883
        #expect(settings.brokerPort == 18883)
    }

    @Test func anEmptyHostnameIsClock() {
        #expect(MQTTIdentity.topicName("") == "clock")
        #expect(MQTTIdentity.topicName("wall-clock_2") == "wall-clock_2")
        #expect(MQTTIdentity.topicName("é+#/") == "____")
    }
}

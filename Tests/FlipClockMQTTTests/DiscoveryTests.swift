import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

@Suite struct DiscoveryTests {
    let discovery = Discovery(identity: MQTTSessionTests.identity, version: "0.1.0")

    func payload(_ object: String) -> String? {
        discovery.entities(MQTTSessionTests.configuration()).first { $0.topic.contains("/\(object)/config") }.map { ControlJSON.line($0.payload) }
    }

    @Test func aScoreIsANumberWithItsBounds() {
        #expect(
            payload("score_home")
                == #"{"availability_topic":"fc/hall/status","command_topic":"fc/hall/score/home/set","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"max":99,"min":0,"mode":"box","name":"home","origin":{"name":"flipclock","sw_version":"0.1.0"},"state_topic":"fc/hall/score/home","step":1,"unique_id":"flipclock_hall_score_home"}"#
        )
    }

    @Test func theScreenIsALightWithBrightnessInPercent() {
        #expect(
            payload("screen")
                == #"{"availability_topic":"fc/hall/status","brightness_command_topic":"fc/hall/screen/brightness/set","brightness_scale":100,"brightness_state_topic":"fc/hall/screen/brightness","command_topic":"fc/hall/screen/set","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"name":"Screen","on_command_type":"brightness","origin":{"name":"flipclock","sw_version":"0.1.0"},"state_topic":"fc/hall/screen","unique_id":"flipclock_hall_screen"}"#
        )
    }

    @Test func everyEntityHasItsTopicAndAUniqueID() {
        let entities = discovery.entities(MQTTSessionTests.configuration())
        #expect(
            entities.map(\.topic) == [
                "ha/number/flipclock_hall/score_home/config", "ha/button/flipclock_hall/score_home_add/config",
                "ha/button/flipclock_hall/score_home_subtract/config", "ha/button/flipclock_hall/score_home_reset/config",
                "ha/number/flipclock_hall/score_away/config", "ha/button/flipclock_hall/score_away_add/config",
                "ha/button/flipclock_hall/score_away_subtract/config", "ha/button/flipclock_hall/score_away_reset/config",
                "ha/text/flipclock_hall/text_board/config",
                "ha/button/flipclock_hall/timer_egg_start/config", "ha/button/flipclock_hall/timer_egg_pause/config",
                "ha/button/flipclock_hall/timer_egg_resume/config", "ha/button/flipclock_hall/timer_egg_reset/config",
                "ha/sensor/flipclock_hall/timer_egg/config", "ha/sensor/flipclock_hall/timer_egg_state/config",
                "ha/notify/flipclock_hall/message/config",
                "ha/number/flipclock_hall/message_seconds/config", "ha/light/flipclock_hall/screen/config",
                "ha/sensor/flipclock_hall/frames_per_flip/config", "ha/sensor/flipclock_hall/flip_lateness/config",
                "ha/sensor/flipclock_hall/started/config", "ha/binary_sensor/flipclock_hall/time_synchronised/config",
            ])
        let ids = entities.compactMap { $0.payload.object?["unique_id"]?.string }
        #expect(Set(ids).count == entities.count)
    }

    /// Whether the time is synchronised: a diagnostic binary sensor with no device class, ON or
    /// OFF on its own state topic.
    @Test func theTimesSynchronisationIsABinarySensor() {
        #expect(
            payload("time_synchronised")
                == #"{"availability_topic":"fc/hall/status","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"entity_category":"diagnostic","name":"Time synchronised","origin":{"name":"flipclock","sw_version":"0.1.0"},"state_topic":"fc/hall/time/synced","unique_id":"flipclock_hall_time_synchronised"}"#
        )
    }

    /// With `[light]`: the lux as an illuminance sensor and the level it asks for, both read from
    /// `B/light`, which the session sends with the rest of the status.
    @Test func aLightSensorIsTwoSensorsOfOneTopic() {
        var configuration = MQTTSessionTests.configuration()
        configuration.light = LightSettings()
        let light = discovery.entities(configuration).suffix(2)
        #expect(
            light.map { ControlJSON.line($0.payload) } == [
                #"{"availability_topic":"fc/hall/status","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"device_class":"illuminance","name":"Illuminance","origin":{"name":"flipclock","sw_version":"0.1.0"},"state_class":"measurement","state_topic":"fc/hall/light","unique_id":"flipclock_hall_illuminance","unit_of_measurement":"lx","value_template":"{{ value_json.lux }}"}"#,
                #"{"availability_topic":"fc/hall/status","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"entity_category":"diagnostic","name":"Brightness for the room","origin":{"name":"flipclock","sw_version":"0.1.0"},"state_class":"measurement","state_topic":"fc/hall/light","unique_id":"flipclock_hall_room_brightness","unit_of_measurement":"%","value_template":"{{ value_json.percent }}"}"#,
            ])
        var status = ControlReply.Status(
            time: WallTime(hour: 12, minute: 0, second: 0), scores: [], texts: [:], timers: [], screen: .on, output: "png")
        status.light = LightReading(lux: 12.54, percent: 33)
        let topics = StateTopics(base: "fc/hall").payloads(status: status, configuration: configuration, lit: 100, diagnostics: nil)
        #expect(topics.last.map { "\($0.0) \($0.1)" } == #"fc/hall/light {"lux":12.5,"percent":33,"problem":null}"#)
        #expect(
            !StateTopics(base: "fc/hall").payloads(status: status, configuration: MQTTSessionTests.configuration(), lit: 100, diagnostics: nil)
                .contains { $0.0 == "fc/hall/light" })
    }

    @Test func aTextRowsLongestTextIsItsCards() {
        var configuration = MQTTSessionTests.configuration()
        configuration.texts = [TextItem(name: "board", cards: 32)]
        let text = discovery.entities(configuration).first { $0.topic.contains("text_board") }
        #expect(text?.payload.object?["max"] == .integer(32))
    }

    /// Home Assistant drops a JSON attribute named `state`: the timer's state is an enum sensor.
    @Test func aTimersStateIsAnEnumSensor() {
        #expect(
            payload("timer_egg_state")
                == #"{"availability_topic":"fc/hall/status","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"device_class":"enum","name":"egg state","options":["idle","running","paused","finished"],"origin":{"name":"flipclock","sw_version":"0.1.0"},"state_topic":"fc/hall/timer/egg","unique_id":"flipclock_hall_timer_egg_state","value_template":"{{ value_json.state }}"}"#
        )
        #expect(payload("timer_egg")?.contains("json_attributes") == false)
    }

    /// The buttons send what the score's topic takes: +1, -1, reset.
    @Test func aScoreHasButtonsForAPointUpAPointDownAndReset() {
        #expect(
            payload("score_home_subtract")
                == #"{"availability_topic":"fc/hall/status","command_topic":"fc/hall/score/home/set","device":{"identifiers":["flipclock_hall"],"manufacturer":"flipclock","model":"flipclock","name":"flipclock hall","sw_version":"0.1.0"},"name":"home subtract 1","origin":{"name":"flipclock","sw_version":"0.1.0"},"payload_press":"-1","unique_id":"flipclock_hall_score_home_subtract"}"#
        )
    }

    /// Home Assistant refuses in its own UI a text the cards cannot show.
    @Test func aTextRowAnnouncesWhatItsCardsShow() throws {
        #expect(Discovery.cardsPattern == ##"^[A-Za-z0-9 !"#$%&'()*+,\-./:;=?@°█⬛⬜🟥🟦🟧🟨🟩🟪]*$"##)
        let pattern = try Regex(Discovery.cardsPattern)
        for text in ["GATE 12", "Gate 12", "", "(50%) = 1/2?", "🟥 20° $5"] { #expect(text.wholeMatch(of: pattern) != nil, "\(text)") }
        for text in ["Zürich", "{", "A_B", "tab\t"] { #expect(text.wholeMatch(of: pattern) == nil, "\(text)") }
        // Each accepted by the pattern is accepted by the row (as it checks, upper-cased).
        for character in TextItem.characters { #expect(String(character).wholeMatch(of: pattern) != nil, "\(character)") }
    }

    /// A row whose configuration adds characters to its drum announces them too, in either case.
    @Test func aTextRowWithMoreCharactersAnnouncesThem() throws {
        var board = TextItem(name: "board")
        board.widenDrum(with: "Zürich 東京")
        #expect(Discovery.cardsPattern(board) == ##"^[A-Za-z0-9 !"#$%&'()*+,\-./:;=?@°█⬛⬜🟥🟦🟧🟨🟩🟪Üü京東]*$"##)
        let pattern = try Regex(Discovery.cardsPattern(board))
        for text in ["Zürich", "ZÜRICH 東京"] { #expect(text.wholeMatch(of: pattern) != nil, "\(text)") }
        for text in ["Москва", "Zöe"] { #expect(text.wholeMatch(of: pattern) == nil, "\(text)") }
        #expect(Discovery.cardsPattern(TextItem(name: "plain")) == Discovery.cardsPattern)
    }
}

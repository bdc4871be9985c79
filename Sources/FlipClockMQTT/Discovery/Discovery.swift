import FlipClockControl
import FlipClockCore

/// Home Assistant's MQTT discovery for a configuration: one retained config topic per entity,
/// `PREFIX/COMPONENT/NODE/OBJECT/config`, each payload naming the clock's topics for it.
///
/// Per entity rather than one device topic: every Home Assistant since 2021 and other readers
/// of the format take it (the entities themselves need 2024.5: docs/mqtt.md), and an entity
/// that leaves the configuration is removed by an empty retained config of its own.
struct Discovery {
    let identity: MQTTIdentity
    let version: String
    /// The control page's address (`http://192.168.1.20:8080/`), the device's link in Home
    /// Assistant; `nil` without `[http]` or where only this machine reaches it.
    var page: String?

    /// One entity's config topic and payload.
    struct Entity: Equatable {
        var topic: String
        var payload: JSONValue
    }

    /// The entities `configuration` makes, in a fixed order: scores, texts, timers, then the
    /// message, the screen and the diagnostics every clock has. None without a prefix.
    func entities(_ configuration: ClockConfiguration) -> [Entity] {
        guard !identity.prefix.isEmpty else { return [] }
        let b = identity.base
        var all: [Entity] = []
        for score in configuration.scores {
            all.append(
                entity(
                    "number", "score_\(score.name)", name: score.label.isEmpty ? score.name : score.label,
                    [
                        "command_topic": .string("\(b)/score/\(score.name)/set"), "state_topic": .string("\(b)/score/\(score.name)"),
                        "min": .integer(score.minimum), "max": .integer(score.maximum), "step": 1, "mode": "box",
                    ]))
            // What the topic takes besides a value: a point up, a point down, back to its start.
            // Named in words: Home Assistant makes `home_1` of both `home +1` and `home -1`.
            for (object, payload, words) in [("add", "+1", "add 1"), ("subtract", "-1", "subtract 1"), ("reset", "reset", "reset")] {
                all.append(
                    entity(
                        "button", "score_\(score.name)_\(object)", name: "\(score.label.isEmpty ? score.name : score.label) \(words)",
                        ["command_topic": .string("\(b)/score/\(score.name)/set"), "payload_press": .string(payload)]))
            }
        }
        for text in configuration.texts {
            all.append(
                entity(
                    "text", "text_\(text.name)", name: text.label.isEmpty ? text.name : text.label,
                    [
                        "command_topic": .string("\(b)/text/\(text.name)/set"), "state_topic": .string("\(b)/text/\(text.name)"),
                        "min": 0, "max": .integer(min(255, text.cards)), "mode": "text", "pattern": .string(Self.cardsPattern(text)),
                    ]))
        }
        for timer in configuration.timers {
            let name = timer.label.isEmpty ? timer.name : timer.label
            let topic = "\(b)/timer/\(timer.name)"
            for action in ControlRequest.TimerAction.allCases {
                all.append(
                    entity(
                        "button", "timer_\(timer.name)_\(action.rawValue)", name: "\(name) \(action.rawValue)",
                        ["command_topic": .string("\(topic)/set"), "payload_press": .string(action.rawValue)]))
            }
            all.append(
                entity(
                    "sensor", "timer_\(timer.name)", name: name,
                    [
                        "state_topic": .string(topic), "value_template": "{{ value_json.seconds }}", "device_class": "duration",
                        "unit_of_measurement": "s",
                    ]))
            // Its state as an entity of its own: Home Assistant's MQTT integration drops a JSON
            // attribute named `state` without a word.
            all.append(
                entity(
                    "sensor", "timer_\(timer.name)_state", name: "\(name) state",
                    [
                        "state_topic": .string(topic), "value_template": "{{ value_json.state }}", "device_class": "enum",
                        "options": .array(TimerReading.State.allCases.map { .string($0.rawValue) }),
                    ]))
        }
        all.append(entity("notify", "message", name: "Message", ["command_topic": .string("\(b)/message/set")]))
        all.append(
            entity(
                "number", "message_seconds", name: "Message seconds",
                [
                    "command_topic": .string("\(b)/message/seconds/set"), "state_topic": .string("\(b)/message/seconds"),
                    "min": 1, "max": 86400, "step": 1, "mode": "box", "unit_of_measurement": "s", "entity_category": "config",
                ]))
        all.append(
            entity(
                "light", "screen", name: "Screen",
                [
                    "command_topic": .string("\(b)/screen/set"), "state_topic": .string("\(b)/screen"),
                    "brightness_command_topic": .string("\(b)/screen/brightness/set"),
                    "brightness_state_topic": .string("\(b)/screen/brightness"), "brightness_scale": 100,
                    // One message a turn-on: the brightness alone (HA's last, or full). Its
                    // default sends the brightness and then ON, and a command at the clock
                    // between the two was undone by the ON.
                    "on_command_type": "brightness",
                ]))
        let diagnostics = "\(b)/diagnostics"
        all.append(
            entity(
                "sensor", "frames_per_flip", name: "Frames per flip",
                [
                    "state_topic": .string(diagnostics), "value_template": "{{ value_json.frames_per_flip }}",
                    "state_class": "measurement", "entity_category": "diagnostic",
                ]))
        all.append(
            entity(
                "sensor", "flip_lateness", name: "Flip lateness",
                [
                    "state_topic": .string(diagnostics), "value_template": "{{ value_json.flip_lateness_ms }}", "device_class": "duration",
                    "unit_of_measurement": "ms", "state_class": "measurement", "entity_category": "diagnostic",
                ]))
        all.append(
            entity(
                "sensor", "started", name: "Started",
                [
                    "state_topic": .string(diagnostics), "value_template": "{{ value_json.started }}", "device_class": "timestamp",
                    "entity_category": "diagnostic",
                ]))
        // Whether the kernel says the time is synchronised: no device class (`problem` would
        // read "Problem", `connectivity` "Connected"; the name says what it is), ON or OFF.
        all.append(
            entity(
                "binary_sensor", "time_synchronised", name: "Time synchronised",
                ["state_topic": .string("\(b)/time/synced"), "entity_category": "diagnostic"]))
        // The light sensor, with `[light]`: what it reads, and the brightness it asks for.
        if configuration.light != nil {
            all.append(
                entity(
                    "sensor", "illuminance", name: "Illuminance",
                    [
                        "state_topic": .string("\(b)/light"), "value_template": "{{ value_json.lux }}", "device_class": "illuminance",
                        "unit_of_measurement": "lx", "state_class": "measurement",
                    ]))
            all.append(
                entity(
                    "sensor", "room_brightness", name: "Brightness for the room",
                    [
                        "state_topic": .string("\(b)/light"), "value_template": "{{ value_json.percent }}", "unit_of_measurement": "%",
                        "state_class": "measurement", "entity_category": "diagnostic",
                    ]))
        }
        return all
    }

    /// What a text row's cards show, as the regular expression Home Assistant checks a text
    /// against before sending it: letters of either case (shown in upper case), digits, a
    /// blank and the signs.
    static let cardsPattern: String = {
        let signs = TextItem.characters.filter { !$0.isLetter && !$0.isNumber && $0 != " " }.sorted()
        let escaped = signs.map { "\\^-[]".contains($0) ? "\\\($0)" : String($0) }.joined()
        return "^[A-Za-z0-9 \(escaped)]*$"
    }()

    /// What this row's cards show: ``cardsPattern`` and the characters its configuration adds
    /// to its drum, in either case.
    static func cardsPattern(_ text: TextItem) -> String {
        var extra: [String] = []
        for character in text.extraCharacters {
            for form in [character, character.lowercased()] where !extra.contains(form) { extra.append(form) }
        }
        guard !extra.isEmpty else { return cardsPattern }
        let escaped = extra.map { $0.count == 1 && "\\^-[]".contains(Character($0)) ? "\\\($0)" : $0 }.joined()
        return String(cardsPattern.dropLast(3)) + escaped + "]*$"
    }

    /// Whether `topic` is a config topic of this clock's node (one it announced, or one a
    /// configuration it ran before did).
    func isConfig(_ topic: String) -> Bool {
        guard !identity.prefix.isEmpty, topic.hasPrefix("\(identity.prefix)/"), topic.hasSuffix("/config") else { return false }
        let parts = topic.dropFirst(identity.prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[1] == identity.node
    }

    /// What a subscription to every config of this node is.
    var configs: String { "\(identity.prefix)/+/\(identity.node)/+/config" }

    /// Whether `topic` is a config topic of the node this clock had before (the host name's).
    func isFormerConfig(_ topic: String) -> Bool {
        guard let former = identity.formerNode, !identity.prefix.isEmpty, topic.hasPrefix("\(identity.prefix)/"), topic.hasSuffix("/config")
        else { return false }
        let parts = topic.dropFirst(identity.prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[1] == former
    }

    /// What a subscription to every config of the former node is.
    var formerConfigs: String? { identity.formerNode.map { "\(identity.prefix)/+/\($0)/+/config" } }

    /// An entity of `component` with the keys all share: its unique id, name, availability,
    /// device and origin.
    private func entity(_ component: String, _ object: String, name: String, _ keys: [String: JSONValue]) -> Entity {
        var payload = keys
        payload["unique_id"] = .string("\(identity.node)_\(object)")
        payload["name"] = .string(name)
        payload["availability_topic"] = .string("\(identity.base)/status")
        var device: [String: JSONValue] = [
            "identifiers": [.string(identity.node)], "name": .string(identity.device), "manufacturer": "flipclock", "model": "flipclock",
            "sw_version": .string(version),
        ]
        if let page { device["configuration_url"] = .string(page) }
        payload["device"] = .object(device)
        payload["origin"] = ["name": "flipclock", "sw_version": .string(version)]
        return Entity(topic: "\(identity.prefix)/\(component)/\(identity.node)/\(object)/config", payload: .object(payload))
    }
}

import FlipClockControl
import FlipClockCore

extension Discovery {
    /// Each group's entities, for a device of its own (`flipclock group NAME`): what is sent to
    /// many clocks at once, a message and the screen. Every member announces the same configs,
    /// byte for byte (no availability, version or anything else of one member's), so Home
    /// Assistant shows one entity, whichever member announced it last. None without a prefix.
    ///
    /// No state: the members' states differ (each has its own on its own topics), so the light
    /// is optimistic, showing what was last sent.
    func groupEntities(_ groups: GroupTopics) -> [Entity] {
        guard !identity.prefix.isEmpty else { return [] }
        return groups.names.flatMap { name -> [Entity] in
            let g = "\(groups.topic)/\(name)"
            return [
                groupEntity(name, "notify", "message", name: "Message", ["command_topic": .string("\(g)/message/set")]),
                groupEntity(
                    name, "light", "screen", name: "Screen",
                    [
                        "command_topic": .string("\(g)/screen/set"), "brightness_command_topic": .string("\(g)/screen/brightness/set"),
                        "brightness_scale": 100, "on_command_type": "brightness", "optimistic": true,
                    ]),
            ]
        }
    }

    /// The node a group's entities are announced under.
    static func groupNode(_ name: String) -> String { "flipclock_group_\(name)" }

    private func groupEntity(_ group: String, _ component: String, _ object: String, name: String, _ keys: [String: JSONValue]) -> Entity {
        let node = Self.groupNode(group)
        var payload = keys
        payload["unique_id"] = .string("\(node)_\(object)")
        payload["name"] = .string(name)
        payload["device"] = [
            "identifiers": [.string(node)], "name": .string("flipclock group \(group)"), "manufacturer": "flipclock", "model": "flipclock group",
        ]
        payload["origin"] = ["name": "flipclock"]
        return Entity(topic: "\(identity.prefix)/\(component)/\(node)/\(object)/config", payload: .object(payload))
    }
}

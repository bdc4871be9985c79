import FlipClockControl
import FlipClockCore

/// The clock's state as its MQTT state topics give it: each score, text, timer and countdown, the
/// screen, the message seconds, the diagnostics.
struct StateTopics {
    let base: String

    /// Each state topic and its payload, in a fixed order; nothing for what is not known yet.
    /// A text row nothing has set shows its configured text; a blank one is `" "`. Only what
    /// `configuration` has: a status read before a reload may still name a score it removed.
    func payloads(
        status: ControlReply.Status?, configuration: ClockConfiguration, lit: Int, diagnostics: MQTTSession.Diagnostics?
    ) -> [(String, String)] {
        var all: [(String, String)] = []
        if let status {
            // The clock's own (kept in its state file), never the broker's.
            all.append(("\(base)/message/seconds", "\(status.messageSeconds)"))
            let scores = Set(configuration.scores.map(\.name)), timers = Set(configuration.timers.map(\.name))
            all += status.scores.filter { scores.contains($0.name) }.map { ("\(base)/score/\($0.name)", "\($0.value)") }
            // A blank row is one blank: an empty retained message would delete the topic, and
            // Home Assistant's text would be unknown after its restart.
            all += configuration.texts.map {
                let text = status.texts[$0.name] ?? $0.text
                return ("\(base)/text/\($0.name)", text.isEmpty ? " " : text)
            }
            all += status.timers.filter { timers.contains($0.name) }.map {
                ("\(base)/timer/\($0.name)", ControlJSON.line(["seconds": .integer($0.seconds), "state": .string($0.state.rawValue)]))
            }
            // A countdown's moment as flipclockctl's words say it (`to 2027-06-01T09:00`), `none` before one.
            let countdowns = Set(configuration.countdowns.map(\.name))
            all += status.countdowns.filter { countdowns.contains($0.name) }.map {
                ("\(base)/countdown/\($0.name)", $0.target.map(\.description) ?? "none")
            }
            all.append(("\(base)/screen", status.screen == .off ? "OFF" : "ON"))
            all.append(("\(base)/screen/brightness", "\(lit)"))
            all.append(("\(base)/time/synced", status.timeSynced ? "ON" : "OFF"))
            // Sent when the rest of the status is (the level the room asks for changing is news;
            // the lux read each second alone is not), so the sensor's noise makes no traffic.
            if configuration.light != nil, let light = status.light { all.append(("\(base)/light", ControlJSON.line(light.object))) }
            // The face shown, with [[face]] tables (`default`: the [[row]] face).
            if let face = status.face { all.append(("\(base)/face", face)) }
        }
        if let diagnostics {
            // null until the first flip: Home Assistant's sensor is then unknown.
            let object: [String: JSONValue] = [
                "started": .string(diagnostics.started),
                "frames_per_flip": diagnostics.framesPerFlip.map { .number(($0 * 10).rounded() / 10) } ?? .null,
                "flip_lateness_ms": diagnostics.latenessMilliseconds.map { .number(($0 * 100).rounded() / 100) } ?? .null,
            ]
            all.append(("\(base)/diagnostics", ControlJSON.line(.object(object))))
        }
        return all
    }
}

import FlipClockControl
import FlipClockCore

/// The clock's state as its MQTT state topics give it: each score, text and timer, the
/// screen, the message seconds, the diagnostics.
struct StateTopics {
    let base: String

    /// Each state topic and its payload, in a fixed order; nothing for what is not known yet.
    /// A text row nothing has set shows its configured text.
    func payloads(status: ControlReply.Status?, texts: [TextItem], lit: Int, messageSeconds: Int, diagnostics: MQTTSession.Diagnostics?) -> [(
        String, String
    )] {
        var all: [(String, String)] = [("\(base)/message/seconds", "\(messageSeconds)")]
        if let status {
            all += status.scores.map { ("\(base)/score/\($0.name)", "\($0.value)") }
            all += texts.map { ("\(base)/text/\($0.name)", status.texts[$0.name] ?? $0.text) }
            all += status.timers.map {
                ("\(base)/timer/\($0.name)", ControlJSON.line(["seconds": .integer($0.seconds), "state": .string($0.state.rawValue)]))
            }
            all.append(("\(base)/screen", status.screen == .off ? "OFF" : "ON"))
            all.append(("\(base)/screen/brightness", "\(lit)"))
        }
        if let diagnostics {
            var object: [String: JSONValue] = ["started": .string(diagnostics.started)]
            if let frames = diagnostics.framesPerFlip { object["frames_per_flip"] = .number((frames * 10).rounded() / 10) }
            if let late = diagnostics.latenessMilliseconds { object["flip_lateness_ms"] = .number((late * 100).rounded() / 100) }
            all.append(("\(base)/diagnostics", ControlJSON.line(.object(object))))
        }
        return all
    }
}

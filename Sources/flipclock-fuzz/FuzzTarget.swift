/// An input of the daemon's that the fuzzer feeds: each one's bytes go through the library
/// code the daemon runs on them, so that a crash, a hang or a bloat here is one there.
///
/// Each target is as the daemon meets it: a control line after the server has cut and
/// checked it, a state file as read at a start, a uevent as `recv` gives it, an MQTT message as
/// libmosquitto hands it on.
enum FuzzTarget: String, CaseIterable {
    case config
    case controlLine = "control-line"
    case controlJSON = "control-json"
    case state
    case uevent
    case message
    case mqtt
    case record

    func run(_ bytes: [UInt8]) {
        switch self {
        case .config: Self.config(bytes)
        case .controlLine: Self.controlLine(bytes)
        case .controlJSON: Self.controlJSON(bytes)
        case .state: Self.state(bytes)
        case .uevent: Self.uevent(bytes)
        case .message: Self.message(bytes)
        case .mqtt: Self.mqtt(bytes)
        case .record: Self.record(bytes)
        }
    }
}

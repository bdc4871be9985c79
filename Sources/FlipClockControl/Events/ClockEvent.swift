/// What the clock tells those who listen (`GET /v1/events`): its state when it changes, and
/// that the screens rest on a new picture.
public enum ClockEvent: Equatable, Sendable {
    /// What `status` answers, once anything it reports besides the time has changed.
    case state(ControlReply.Status)
    /// The screens came to rest on something new; `frame` counts the frames presented so far
    /// (a snapshot taken now shows it).
    case shown(frame: Int)

    /// The event's name: `state` or `shown`.
    public var name: String {
        switch self {
        case .state: "state"
        case .shown: "shown"
        }
    }

    /// The event's data, one line of JSON: the state as `GET /v1/state` answers it, or
    /// `{"frame":N}`.
    public var data: String {
        switch self {
        case .state(let status): ControlReply.status(status).line(json: true)
        case .shown(let frame): ControlJSON.line(["frame": .integer(frame)])
        }
    }
}

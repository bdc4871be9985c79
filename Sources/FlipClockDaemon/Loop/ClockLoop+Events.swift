import FlipClockControl

extension ClockLoop {
    /// Tells those who listen what changed since the last wake, whatever changed it (a
    /// request from any source, a reload, the night schedule, a running timer): the state
    /// when anything in it but the time differs, and the frame count once the screens rest
    /// after presenting frames. Nothing is made while nobody listens.
    func tellListeners() {
        guard let events, events.isHeard else {
            told = (nil, report.frames)
            return
        }
        let now = state.status(at: moment())
        if Self.tells(now, after: told.state) {
            events.tell(.state(now))
            told.state = now
        }
        if report.frames > told.frames, !moving {
            events.tell(.shown(frame: report.frames))
            told.frames = report.frames
        }
    }

    /// Whether the state `now` is news after the one told last: more than its time differs,
    /// more than the milliseconds of a running game clock and the instant read, and more than the lux (a page
    /// counts those on by itself, and hears of them again when a text shown changes).
    static func tells(_ now: ControlReply.Status, after told: ControlReply.Status?) -> Bool {
        var then = told
        then?.time = now.time
        then?.game?.count = now.game?.count
        // The lux read each second is not news; the level it asks for is.
        then?.light?.lux = now.light?.lux
        return now != then
    }
}

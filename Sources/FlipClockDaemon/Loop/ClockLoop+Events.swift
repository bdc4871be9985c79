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
        var then = told.state
        then?.time = now.time
        if now != then {
            events.tell(.state(now))
            told.state = now
        }
        if report.frames > told.frames, !moving {
            events.tell(.shown(frame: report.frames))
            told.frames = report.frames
        }
    }
}

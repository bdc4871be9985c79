import FlipClockControl
import FlipClockCore

extension ClockState {
    /// How far back a clock that starts (or wakes late) looks for scheduled messages it may
    /// still show: a message holds a day at the most.
    static let scheduleLookback = Duration.seconds(86400)

    /// Posts the scheduled messages (`[[message]]`) due since the last look, each for the time
    /// it has left from when it was due: a clock started at 19:05 shows a message of 19:00 for
    /// ten minutes for its last five, and not one whose time is up. Returns a note for each
    /// posted or refused (its row missing from a screen's face, the queue full of urgent ones).
    mutating func postScheduled(at moment: Moment, zone: ZoneRules) -> [Note] {
        let now = moment.wall
        let since = max(scheduleChecked ?? now - Self.scheduleLookback, now - Self.scheduleLookback)
        // The wall clock set back: what was posted stays posted.
        scheduleChecked = max(scheduleChecked ?? now, now)
        var notes: [Note] = []
        let due = configuration.messages.flatMap { message in message.due(after: since, upTo: now, in: zone).map { (message, $0) } }
        for (message, at) in due.sorted(by: { $0.1 < $1.1 }) {
            let left = message.hold - (now - at)
            guard left >= PanelMessage.holds.lowerBound else { continue }
            do throws(ControlError) {
                let outcome = try post(message.text, hold: left, row: message.row, name: message.name, urgent: message.urgent, at: moment)
                if var note = outcome.note {
                    note.message = "scheduled message"
                    notes.append(note)
                }
            } catch {
                notes.append(Note(message: "scheduled message not shown", metadata: ["text": message.text, "error": error.description]))
            }
        }
        return notes
    }

    /// When the next scheduled message is due after `reading`; `nil`: none within eight days.
    mutating func nextScheduled(after reading: ClockReading, zone: ZoneRules) -> WallInstant? {
        let messages = configuration.messages
        return scheduleAhead.next(after: reading.instant, offset: reading.offset) {
            messages.compactMap { $0.next(after: reading.instant, in: zone) }.min()
        }
    }
}

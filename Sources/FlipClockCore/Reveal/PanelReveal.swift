/// The message panel as a state machine: Closed, Opening, Open, Closing, and the messages
/// waiting their turn.
///
/// A value type; time is passed in. ``post(_:name:urgent:at:)`` queues a message (an urgent
/// one ahead of the rest, interrupting the one shown; a named one in the place of the one
/// of its name), ``retract(_:at:)`` takes a named one away, ``clear(at:)`` drops them all, ``picture(at:)`` says how far the lower part has slid at an instant, and
/// ``nextChange(after:)`` when it next moves, so the daemon sleeps (and draws nothing) while
/// the panel only holds a message still.
///
/// Each message gets its own opening and closing: the next one starts to open the instant the
/// last has closed. Switching text on a panel that stays open would be cheaper, but a new
/// message may sit under another row and need another height, and the screen closing whole
/// for an instant is what tells a glance that something new arrived.
public struct PanelReveal: Sendable {
    /// A message with the number it was posted under (1 for the first), and the name and
    /// priority it was posted with.
    public struct Posted: Equatable, Sendable {
        public var number: Int
        public var message: PanelMessage
        /// What a later message of the same name replaces, and what a retraction names.
        public var name: String? = nil
        /// Shown before every message that is not, interrupting one on the panel.
        public var urgent = false
    }

    public enum State: Equatable, Sendable {
        case closed
        case opening(Posted, start: Duration)
        case open(Posted, start: Duration)
        /// `from`: how open the panel was when it began to close (1, or less when cleared
        /// while still opening); it closes in that share of the closing time.
        case closing(Posted, start: Duration, from: Double)
    }

    public internal(set) var state: State = .closed
    /// Messages posted while another is shown, in the order they will show: the urgent ones
    /// first, each group oldest first.
    public internal(set) var waiting: [Posted] = []
    public let timing: RevealTiming
    /// How many messages may wait behind the one shown.
    public let capacity: Int
    var posted = 0

    public init(timing: RevealTiming = .standard, capacity: Int = 8) {
        precondition(capacity >= 0, "capacity must not be negative")
        self.timing = timing
        self.capacity = capacity
    }

    /// The message on the panel: opening, open or closing.
    public var shown: Posted? {
        switch state {
        case .closed: nil
        case .opening(let posted, _), .open(let posted, _), .closing(let posted, _, _): posted
        }
    }

    public var phase: RevealPhase {
        switch state {
        case .closed: .closed
        case .opening: .opening
        case .open: .open
        case .closing: .closing
        }
    }

    /// Drops the waiting messages numbered in `numbers` (one shown stays for its time).
    public mutating func withdraw(_ numbers: Set<Int>) {
        waiting.removeAll { numbers.contains($0.number) }
    }

    /// Drops every waiting message and closes the panel from where it is at `now`.
    public mutating func clear(at now: Duration) {
        _ = advance(to: now)
        waiting.removeAll()
        cutShort(at: now)
    }

    /// Closes the panel from where it is at `now` (advanced to it): the message shown goes, the
    /// next waiting opens once it has closed.
    mutating func cutShort(at now: Duration) {
        switch state {
        case .closed, .closing: break
        case let .opening(entry, start):
            let openness = timing.openEasing(Self.progress(now - start, of: timing.open))
            if openness > 0 {
                state = .closing(entry, start: now, from: openness)
            } else {
                state = waiting.isEmpty ? .closed : .opening(waiting.removeFirst(), start: now)
            }
        case let .open(entry, _):
            state = .closing(entry, start: now, from: 1)
        }
    }

    /// The same reveal with every message laid out again by `layOut` (for another face: its
    /// height and its scrolled lines). A message keeps its hold, so the phases stay where they
    /// are: each screen draws one owner's messages at its own size.
    public func laidOut(_ layOut: (Posted) -> PanelMessage) -> PanelReveal {
        func again(_ entry: Posted) -> Posted {
            var copy = entry
            copy.message = layOut(entry)
            return copy
        }
        var copy = self
        copy.waiting = waiting.map(again)
        switch state {
        case .closed: break
        case let .opening(entry, start): copy.state = .opening(again(entry), start: start)
        case let .open(entry, start): copy.state = .open(again(entry), start: start)
        case let .closing(entry, start, from): copy.state = .closing(again(entry), start: start, from: from)
        }
        return copy
    }

    /// Moves the panel to `now` and returns what to draw.
    ///
    /// Phases end at their exact scheduled instants, so a late frame does not stretch them.
    public mutating func advance(to now: Duration) -> RevealPicture {
        while true {
            switch state {
            case .closed:
                return .closed
            case let .opening(entry, start):
                let end = start + timing.open
                if now >= end {
                    state = .open(entry, start: end)
                    continue
                }
                let openness = timing.openEasing(Self.progress(now - start, of: timing.open))
                return picture(.opening, entry, openness: openness, scroll: 0)
            case let .open(entry, start):
                let end = start + entry.message.hold
                if now >= end {
                    state = .closing(entry, start: end, from: 1)
                    continue
                }
                return picture(.open, entry, openness: 1, scroll: scroll(entry.message, after: now - start).lines)
            case let .closing(entry, start, from):
                let length = timing.close * from
                let end = start + length
                if now >= end {
                    if waiting.isEmpty {
                        state = .closed
                    } else {
                        state = .opening(waiting.removeFirst(), start: end)
                    }
                    continue
                }
                let openness = from * (1 - timing.closeEasing(Self.progress(now - start, of: length)))
                return picture(.closing, entry, openness: openness, scroll: Double(entry.message.scrollLines))
            }
        }
    }

    /// What to draw at `now`, leaving the state as it is.
    public func picture(at now: Duration) -> RevealPicture {
        var copy = self
        return copy.advance(to: now)
    }

    /// How far the lower part has slid down at `now`, in pixels.
    public func offset(at now: Duration) -> Int { picture(at: now).offset }

    /// Whether the panel (or its text) moves at `now`: the caller keeps drawing frames.
    public func isMoving(at now: Duration) -> Bool { nextChange(after: now) == now }

    /// The first instant from `now` on at which the picture changes: `now` itself while
    /// something moves, the start of the next scrolled line or of the closing while the panel
    /// holds still, and `nil` when it is closed with nothing waiting.
    public func nextChange(after now: Duration) -> Duration? {
        var copy = self
        _ = copy.advance(to: now)
        switch copy.state {
        case .closed: return nil
        case .opening, .closing: return now
        case let .open(entry, start):
            let next = scroll(entry.message, after: now - start).nextMove
            return next.map { start + $0 } ?? start + entry.message.hold
        }
    }

    private func picture(_ phase: RevealPhase, _ entry: Posted, openness: Double, scroll: Double) -> RevealPicture {
        RevealPicture(
            phase: phase, message: entry.message, number: entry.number,
            offset: Int((openness * Double(entry.message.height)).rounded()), scroll: scroll
        )
    }

    /// Where the text is `elapsed` into the hold: lines scrolled, and when (from the start of
    /// the hold) the next line starts to move, or `elapsed` itself while one moves.
    ///
    /// The hold is shared out evenly: a rest, a line's step, a rest, …, a rest, so the first
    /// lines are read before anything moves and the last are read before the panel closes.
    func scroll(_ message: PanelMessage, after elapsed: Duration) -> (lines: Double, nextMove: Duration?) {
        let n = message.scrollLines
        guard n > 0 else { return (0, nil) }
        let step = min(timing.scrollStep, message.hold / (2 * n + 1))
        let rest = (message.hold - step * n) / (n + 1)
        for k in 0..<n {
            let start = rest * (k + 1) + step * k
            if elapsed < start { return (Double(k), start) }
            if elapsed < start + step {
                return (Double(k) + timing.scrollEasing(Self.progress(elapsed - start, of: step)), elapsed)
            }
        }
        return (Double(n), nil)
    }

    static func progress(_ elapsed: Duration, of length: Duration) -> Double {
        length <= .zero ? 1 : max(0, elapsed / length)
    }
}

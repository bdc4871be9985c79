extension PanelReveal {
    /// What ``post(_:name:urgent:at:)`` did: the number the message was posted under, and the
    /// messages it put out of the queue to make room (an urgent one on a full queue drops the
    /// newest of those that are not), newest first.
    public struct Posting: Equatable, Sendable {
        public var number: Int
        public var dropped: [Posted] = []
    }

    /// Throws what ``post(_:name:urgent:at:)`` would throw at `now`: checked before a message
    /// is laid out, so a full queue costs no work.
    public func checkRoom(name: String? = nil, urgent: Bool = false, at now: Duration) throws(MessageError) {
        var then = self
        try then.post(PanelMessage(text: "", hold: .seconds(1), height: 0), name: name, urgent: urgent, at: now)
    }

    /// Shows `message` from `now` on, or after the messages before it.
    ///
    /// - A message named as one waiting takes its place (its priority's place, if it has
    ///   another); named as the one shown, that one closes now and this one opens next.
    /// - An urgent message goes ahead of every waiting one that is not urgent, and interrupts one
    ///   that is not urgent on the panel: that one closes now and comes back after the urgent
    ///   ones, for the time it had left.
    ///
    /// Throws ``MessageError/queueFull(capacity:)`` when ``capacity`` messages already wait
    /// (for an urgent message: when none of them can make room).
    @discardableResult
    public mutating func post(_ message: PanelMessage, name: String? = nil, urgent: Bool = false, at now: Duration) throws(MessageError)
        -> Posting
    {
        _ = advance(to: now)
        var queue = waiting
        let replaced = name.flatMap { name in queue.firstIndex { $0.name == name } }
        if let replaced { queue.remove(at: replaced) }
        let entry = Posted(number: posted + 1, message: message, name: name, urgent: urgent)
        // The one on the panel, if it gives way: replaced by name, or interrupted.
        var giving: (entry: Posted, back: Posted?)?
        switch state {
        case .closed:
            posted += 1
            state = .opening(entry, start: now)
            waiting = queue
            return Posting(number: entry.number)
        case let .opening(shown, _) where shown.name != nil && shown.name == name,
            let .open(shown, _) where shown.name != nil && shown.name == name:
            giving = (shown, nil)
        case let .opening(shown, _) where urgent && !shown.urgent:
            giving = (shown, shown)
        case let .open(shown, start) where urgent && !shown.urgent:
            var back = shown
            back.message.hold = shown.message.hold - (now - start)
            giving = (shown, back.message.hold >= PanelMessage.holds.lowerBound ? back : nil)
        case .opening, .open, .closing:
            giving = nil
        }
        let ahead: Int
        if let replaced, giving == nil, waiting[replaced].urgent == urgent {
            ahead = replaced
        } else {
            ahead = urgent || giving != nil ? queue.prefix { $0.urgent }.count : queue.count
        }
        queue.insert(entry, at: ahead)
        if let back = giving?.back { queue.insert(back, at: ahead + 1) }
        var dropped: [Posted] = []
        while queue.count > capacity {
            guard urgent, let last = queue.lastIndex(where: { !$0.urgent }) else { throw .queueFull(capacity: capacity) }
            dropped.append(queue.remove(at: last))
        }
        posted += 1
        waiting = queue
        if giving != nil { cutShort(at: now) }
        return Posting(number: entry.number, dropped: dropped)
    }

    /// Takes the message named `name` away at `now`: one waiting is dropped, one on the panel
    /// closes from where it is. Returns whether one of that name was waiting or shown (and
    /// not already closing).
    @discardableResult
    public mutating func retract(_ name: String, at now: Duration) -> Bool {
        _ = advance(to: now)
        if let index = waiting.firstIndex(where: { $0.name == name }) {
            waiting.remove(at: index)
            return true
        }
        switch state {
        case .opening(let shown, _) where shown.name == name, .open(let shown, _) where shown.name == name:
            cutShort(at: now)
            return true
        case .closed, .opening, .open, .closing:
            // One closing is already on its way.
            return false
        }
    }
}

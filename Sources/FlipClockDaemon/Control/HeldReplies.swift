import FlipClockControl

/// The replies to changes of a `[match]` this clock leads, held until the match's broker has
/// the change (docs/match-leadership.md, "acknowledged = on the broker").
///
/// Each change of the match counts a version (``ClockState/MatchStanding/version``); the MQTT
/// side publishes `T/state` with the version it contains and tells ``shared(upTo:)`` at the
/// broker's PUBACK. A reply waiting for a version above the shared one is held; one held for
/// ``bound`` is replaced by a `not-shared` refusal (the change stays made here). Replies to one
/// asker go in the order they were made: one behind a held reply waits for it. Bounded: at most
/// ``capacity`` held; past that a change is refused at once as not shared. A value: the loop
/// owns it and does what it returns.
struct HeldReplies<Asker: Equatable> {
    /// A reply to send now, to whom, and as which form (the socket's JSON or words).
    struct Release: Equatable {
        var asker: Asker
        var reply: ControlReply
        var json = false
    }

    private struct Held {
        var release: Release
        /// The version the reply waits for: sent once it is shared.
        var version: Int
        var until: Duration
    }

    /// How long a reply waits for the broker before it is refused as not shared.
    let bound: Duration
    let capacity: Int
    /// The highest version the broker has taken.
    private(set) var shared = 0
    private var held: [Held] = []

    init(bound: Duration = .seconds(2), capacity: Int) {
        self.bound = bound
        self.capacity = capacity
    }

    var count: Int { held.count }

    /// When the first held reply's wait ends; `nil` if none waits for the broker.
    var nextDeadline: Duration? { held.lazy.filter { $0.version > shared }.map(\.until).min() }

    /// The refusal a change gets when the broker did not take it within ``bound``.
    var notShared: ControlError {
        let (seconds, attoseconds) = bound.components
        let text = attoseconds == 0 ? "\(seconds) s" : "\(Int(bound / .milliseconds(1))) ms"
        return ControlError(.notShared, "the change is on this clock only: the match's broker did not take it within \(text)")
    }

    /// `reply` to `asker`, which waits for `version` (0: for nothing) to be shared: what may be
    /// sent now (it, unless it or an earlier reply to `asker` waits).
    mutating func hold(_ reply: ControlReply, to asker: Asker, json: Bool = false, version: Int, at now: Duration) -> [Release] {
        let release = Release(asker: asker, reply: reply, json: json)
        let waits = version > shared
        guard waits || held.contains(where: { $0.release.asker == asker }) else { return [release] }
        guard held.count < capacity else {
            let full = ControlError(.notShared, "the change is on this clock only: \(capacity) replies wait for the match's broker already")
            return waits ? [Release(asker: asker, reply: .refused(full), json: json)] : [release]
        }
        held.append(Held(release: release, version: waits ? version : 0, until: now + bound))
        return []
    }

    /// The broker took the match up to `version`: the replies waiting for it, in order.
    mutating func shared(upTo version: Int) -> [Release] {
        shared = max(shared, version)
        return flush()
    }

    /// The replies whose wait ended by `now`, refused as not shared, and those behind them.
    mutating func expire(at now: Duration) -> [Release] {
        for k in held.indices where held[k].version > shared && held[k].until <= now {
            held[k].release.reply = .refused(notShared)
            held[k].version = 0
        }
        return flush()
    }

    /// Every reply with nothing to wait for, in order: one waiting holds the later ones to its asker.
    private mutating func flush() -> [Release] {
        var released: [Release] = [], kept: [Held] = [], blocked: [Asker] = []
        for one in held {
            if one.version <= shared, !blocked.contains(one.release.asker) {
                released.append(one.release)
            } else {
                kept.append(one)
                if !blocked.contains(one.release.asker) { blocked.append(one.release.asker) }
            }
        }
        held = kept
        return released
    }
}

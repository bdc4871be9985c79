import FlipClockControl
import FlipClockCore

/// Who leads the match under `T`, as decisions (docs/match-leadership.md): what to connect,
/// publish, hand to the clock and log for each thing that happens. ``MQTTService`` does it.
///
/// The broker is the arbiter. Only the lead connection (one client id per match,
/// ``MatchTopics/leadClientID``, so the broker keeps at most one) publishes `T/leader` and
/// `T/state`; a clock leads only while its lead connection is connected; a candidate claims
/// only when `T/leader` has been empty for ``quiet`` (a standby only once it saw a leader go,
/// or saw none for ``patience``); two that claim at once are settled by the broker, which
/// closes the earlier connection, whose clock then follows.
public struct Leadership {
    public enum Action: Equatable, Sendable {
        /// Subscribe on the clock's own connection; tell ``subscribed(at:)`` at its SUBACK.
        case subscribe([String])
        /// Connect the lead connection once (no reconnecting) as `clientID`, its will an empty
        /// retained message on `will`.
        case connectLead(clientID: String, will: String)
        /// Empty `T/leader` on the lead connection and close it (the clock is stopping).
        case disconnectLead
        /// Publish on the lead connection, retained, QoS 1.
        case lead(topic: String, payload: String)
        /// Ask the clock for the match (``MQTTService/Clock/match``); the answer to ``content(_:at:)``.
        case askMatch
        /// Hand a state to the clock (``MQTTService/Clock/follow``); the answer to ``followed(_:at:)``.
        case follow(String)
        case log(String)
        /// The lost-leader mark on or off.
        case lost(Bool)
        /// Publish on the clock's own connection, retained, QoS 1 (`T/screens/NODE`).
        case report(topic: String, payload: String)
    }

    /// When something happens: `now` for periods (monotonic seconds), `wall` for what is
    /// published (seconds since 1970).
    public struct Moment: Equatable, Sendable {
        public var now: Double
        public var wall: Double
        public init(now: Double, wall: Double) {
            self.now = now
            self.wall = wall
        }
    }

    /// How long `T/leader` stays empty before a candidate claims: the retained messages of a
    /// subscription come after its SUBACK, and a new leader's name a round trip after the will
    /// of the one it took over from.
    public static let quiet = 0.2
    /// How long a standby that never saw a leader waits for one before claiming.
    public static let patience = 5.0

    enum LeaderTopic: Equatable {
        /// Not read since the own connection came up.
        case unread
        case empty(since: Double)
        case named(String)
    }

    public enum Lead: Equatable, Sendable {
        case idle, connecting, leading
    }

    /// A state's place: who published it and their count.
    struct Key: Equatable {
        var leader: String
        var seq: Int
    }

    public let settings: MatchSettings
    public let node: String
    /// What a person calls this clock (its base topic), in its report.
    public let name: String?
    public let topics: MatchTopics
    public private(set) var lead = Lead.idle
    public private(set) var isLost = true
    public private(set) var screens = MatchScreens()
    private var isConnected = false
    private var subscribedAt: Double?
    private(set) var leaderTopic = LeaderTopic.unread
    /// Whether a leader was ever named (a standby claims at once when it goes).
    private var sawLeader = false
    /// The last `T/state` received, to follow when the lead is lost.
    private var last: (key: Key, payload: String, lateness: Double)?
    /// The last state handed to the clock or published: not handed again.
    private var handled: Key?
    /// The state handed to the clock, and its lateness, until the clock answers.
    private var pending: (seq: Int, lateness: Double)?
    /// The highest `seq` seen or published: a lead continues from it.
    private(set) var seq: Int?
    /// The content published in this lead.
    private var published: String?
    /// The last state applied (or published): its seq and lateness in ms.
    private var applied: (seq: Int, lateness: Double?)?
    /// The last report published, but for its instant.
    private var reported: MatchScreens.Screen?

    public init(_ settings: MatchSettings, node: String, name: String? = nil) {
        self.settings = settings
        self.node = node
        self.name = name
        topics = MatchTopics(settings.topic)
    }

    /// At the start: the mark on until a leader is seen.
    public func started() -> [Action] { [.lost(true)] }

    /// The own connection is up: subscribe, and report.
    public mutating func connected(at moment: Moment) -> [Action] {
        isConnected = true
        subscribedAt = nil
        leaderTopic = .unread
        return [.subscribe([topics.leader, topics.state, topics.screens])] + marked() + report(at: moment, always: true)
    }

    /// The own connection is down: the mark on; the clocks run on; no claim until it is back.
    public mutating func disconnected(at moment: Moment) -> [Action] {
        isConnected = false
        subscribedAt = nil
        leaderTopic = .unread
        return marked()
    }

    /// The broker acknowledged the subscription: `T/leader`'s retained message comes within
    /// ``quiet`` if there is one.
    public mutating func subscribed(at moment: Moment) -> [Action] {
        guard isConnected else { return [] }
        subscribedAt = moment.now
        if leaderTopic == .unread { leaderTopic = .empty(since: moment.now) }
        return marked() + report(at: moment)
    }

    /// A `T/leader` message: a node, or empty (nobody leads). A retained one naming this clock
    /// while its lead connection is not up is left from before (a broker restarted with its
    /// retained messages, no will sent): taken as empty.
    public mutating func leader(_ payload: [UInt8], retained: Bool, at moment: Moment) -> [Action] {
        guard isConnected else { return [] }
        var actions: [Action] = []
        if let named = MatchTopics.leaderNode(payload), !(retained && named == node && lead == .idle) {
            leaderTopic = .named(named)
            sawLeader = true
        } else {
            if !payload.isEmpty {
                actions.append(.log("match: \(topics.leader): \(retained ? "left from before" : "names no node"); taken as empty"))
            }
            if case .empty = leaderTopic {} else { leaderTopic = .empty(since: moment.now) }
        }
        return actions + marked() + report(at: moment)
    }

    /// Time passed: a candidate claims the lead if nobody has led for ``quiet``.
    public mutating func tick(at moment: Moment) -> [Action] {
        guard settings.role != .follower, lead == .idle, isConnected, let subscribedAt, case .empty(let since) = leaderTopic,
            moment.now - since >= Self.quiet
        else { return [] }
        if settings.role == .standby, !sawLeader, moment.now - subscribedAt < Self.patience { return [] }
        lead = .connecting
        return [.log("match: \(topics.base): nobody leads; claiming the lead"), .connectLead(clientID: topics.leadClientID, will: topics.leader)]
    }

    /// The broker took the lead connection: this clock leads. Name it and publish the match.
    public mutating func leadConnected(at moment: Moment) -> [Action] {
        guard lead == .connecting else { return [] }
        lead = .leading
        published = nil
        return [
            .log("match: \(topics.base): leading"),
            .lead(topic: topics.leader, payload: MatchTopics.leaderPayload(node: node, since: moment.wall)), .askMatch,
        ] + marked() + report(at: moment)
    }

    /// The lead connection is gone (the broker closed it: another claimed; or it failed): this
    /// clock no longer leads, and follows the last state of another if it has not.
    public mutating func leadClosed(_ reason: String, at moment: Moment) -> [Action] {
        let was = lead
        guard was != .idle else { return [] }
        lead = .idle
        published = nil
        var actions: [Action] = [
            .log(was == .leading ? "match: \(topics.base): no longer leading: \(reason)" : "match: \(topics.base): not leading: \(reason)")
        ]
        if let last, last.key.leader != node { actions += hand(last.key, last.payload, lateness: last.lateness) }
        // Its own will may empty T/leader before the name of whoever took over comes: quiet again.
        if case .empty = leaderTopic { leaderTopic = .empty(since: moment.now) }
        return actions + marked() + report(at: moment)
    }

    /// The clock's match now (``MQTTService/Clock/match``): published as `T/state`, leading,
    /// when it changed, its `seq` one past the highest seen.
    public mutating func content(_ content: String?, at moment: Moment) -> [Action] {
        guard lead == .leading, let content, content != published else { return [] }
        let next = (seq ?? 0) + 1
        let payload: String
        do {
            payload = try MatchTopics.statePayload(content: content, leader: node, seq: next, at: moment.wall)
        } catch {
            return [.log("match: \(topics.state): not published: \(error.reason)")]
        }
        published = content
        seq = next
        handled = Key(leader: node, seq: next)
        applied = (next, nil)
        return [.lead(topic: topics.state, payload: payload)] + report(at: moment)
    }

    /// A `T/state` message: handed to the clock if not leading and not handed before.
    /// A retained one (sent at the subscription) may be old: its lateness is not this clock's.
    public mutating func state(_ payload: [UInt8], retained: Bool = false, at moment: Moment) -> [Action] {
        let header: MatchTopics.StateHeader
        do {
            header = try MatchTopics.header(payload)
        } catch {
            return [.log("match: \(topics.state): \(error.reason)")]
        }
        seq = max(seq ?? header.seq, header.seq)
        let key = Key(leader: header.leader, seq: header.seq), text = String(decoding: payload, as: UTF8.self)
        let lateness = retained ? .nan : (moment.wall - header.at) * 1000
        last = (key, text, lateness)
        guard lead != .leading else { return [] }
        return hand(key, text, lateness: lateness)
    }

    /// The clock's answer to ``Action/follow(_:)``: `nil` taken, else why not.
    public mutating func followed(_ refusal: String?, at moment: Moment) -> [Action] {
        guard let taken = pending else { return [] }
        pending = nil
        if let refusal { return [.log("match: \(topics.state): refused: \(refusal)")] }
        applied = (taken.seq, taken.lateness.isFinite ? taken.lateness : nil)
        return marked() + report(at: moment)
    }

    /// A message on `T/screens/+`.
    public mutating func screen(topic: String, payload: [UInt8]) -> [Action] {
        if let node = topics.screenNode(topic) { _ = screens.report(node: node, payload: payload) }
        return []
    }

    /// A minute passed: the report again, so a clock gone without a word shows as stale.
    public mutating func minute(at moment: Moment) -> [Action] { report(at: moment, always: true) }

    /// The clock is stopping: the lead given up (`T/leader` emptied) and the report removed.
    public mutating func stopping() -> [Action] {
        let was = lead
        lead = .idle
        return (was == .idle ? [] : [.disconnectLead]) + (isConnected ? [.report(topic: topics.screen(node), payload: "")] : [])
    }

    private mutating func hand(_ key: Key, _ payload: String, lateness: Double) -> [Action] {
        guard key != handled else { return [] }
        handled = key
        pending = (key.seq, lateness)
        return [.follow(payload)]
    }

    /// The mark, when it changes: on while the own connection is down, nobody leads, or no
    /// state came; never while leading.
    private mutating func marked() -> [Action] {
        var lost = true
        if lead == .leading {
            lost = false
        } else if isConnected, case .named(let leader) = leaderTopic, leader != node || lead != .idle, applied != nil {
            lost = false
        }
        guard lost != isLost else { return [] }
        isLost = lost
        return [.lost(lost)]
    }

    /// This clock's report on `T/screens/NODE` when it changed (or `always`).
    private mutating func report(at moment: Moment, always: Bool = false) -> [Action] {
        guard isConnected else { return [] }
        let screen = MatchScreens.Screen(
            node: node, role: settings.role, leading: lead == .leading, lost: isLost, seq: applied?.seq, latenessMilliseconds: applied?.lateness,
            at: moment.wall, name: name)
        var unstamped = screen
        unstamped.at = 0
        guard always || unstamped != reported else { return [] }
        reported = unstamped
        return [.report(topic: topics.screen(node), payload: screen.payload)]
    }
}

import FlipClockCore
import Glibc
import Logging

extension MQTTService {
    /// The match as this clock sees it: whether it leads, its lost-leader mark, and every
    /// screen's report (`T/screens/+`), for the operator page.
    public struct MatchStatus: Equatable, Sendable {
        public var lead = Leadership.Lead.idle
        public var lost = true
        /// In node order, each with whether its report is fresh (``MatchScreens/stale``).
        public var screens: [MatchScreens.Screen] = []
        public var fresh: [Bool] = []
    }
}

/// The match's effects in ``MQTTService``: ``Leadership``'s decisions done with the clock's own
/// connection, a lead connection made for each claim, and the clock's `match` and `follow`.
/// Used by the service's loop only, one input at a time.
final class MatchLink {
    private(set) var leadership: Leadership
    /// The lead connection's settings: the own connection's broker and account.
    private let options: MQTTConnection.Options
    private let clock: MQTTService.Clock
    private let logger: Logger
    /// Where the match as this clock sees it goes after each input.
    private let status: @Sendable (MQTTService.MatchStatus) -> Void
    private let lead: @Sendable (Int, MQTTConnection.Event) -> Void
    /// The lead connection, and which claim made it (events of an earlier one are old news).
    private var connection: MQTTConnection?
    private(set) var generation = 0
    /// The own connection's subscription to the match's topics, until acknowledged.
    private var subscription: Int32?
    /// The `T/state`s published on the lead connection and not yet acknowledged by the broker:
    /// message id → the clock's count of changes each contains (``MQTTService/Clock/shared``).
    private var unshared: [Int32: Int] = [:]
    /// The last `T/state` published: its message id, and the count its content contains.
    private var lastState: (mid: Int32, version: Int)?
    /// The count of the content being published (the clock's answer to ``Leadership/Action/askMatch``).
    private var publishing: Int?
    /// Whether the clock leads, and has lost its leader, as it was last told.
    private var told: (leading: Bool, lost: Bool)?

    /// The lead connection's keepalive: libmosquitto's least (5 s); the broker sends the
    /// will of a connection cut off after 1.5 of it.
    static let keepalive = 5

    init(
        _ settings: MatchSettings, node: String, name: String, own options: MQTTConnection.Options, clock: MQTTService.Clock, logger: Logger,
        status: @escaping @Sendable (MQTTService.MatchStatus) -> Void, lead: @escaping @Sendable (Int, MQTTConnection.Event) -> Void
    ) {
        leadership = Leadership(settings, node: node, name: name)
        var options = options
        options.clientID = leadership.topics.leadClientID
        options.keepalive = Self.keepalive
        options.will = (leadership.topics.leader, "")
        options.largestPacket = 1024
        options.reconnects = false
        options.tellsPublished = true
        self.options = options
        self.clock = clock
        self.logger = logger
        self.status = status
        self.lead = lead
    }

    /// Whether `topic` is one of the match's (not a command of the session's).
    func isMatch(_ topic: String) -> Bool { topic.hasPrefix("\(leadership.topics.base)/") }

    func started(_ own: MQTTConnection) async { await perform(leadership.started(), own) }
    func connected(_ own: MQTTConnection) async { await perform(leadership.connected(at: Self.moment()), own) }
    func disconnected(_ own: MQTTConnection) async {
        subscription = nil
        await perform(leadership.disconnected(at: Self.moment()), own)
    }

    func subscribed(_ mid: Int32, _ own: MQTTConnection) async {
        guard mid == subscription else { return }
        subscription = nil
        await perform(leadership.subscribed(at: Self.moment()), own)
    }

    /// A message on one of the match's topics.
    func received(topic: String, payload: [UInt8], retained: Bool, _ own: MQTTConnection) async {
        let topics = leadership.topics, moment = Self.moment()
        switch topic {
        case topics.leader: await perform(leadership.leader(payload, retained: retained, at: moment), own)
        case topics.state: await perform(leadership.state(payload, retained: retained, at: moment), own)
        default: await perform(leadership.screen(topic: topic, payload: payload), own)
        }
    }

    /// The clock changed: published if leading.
    func changed(_ own: MQTTConnection) async {
        guard leadership.lead == .leading else { return }
        await perform([.askMatch], own)
    }

    func tick(_ own: MQTTConnection) async { await perform(leadership.tick(at: Self.moment()), own) }
    func minute(_ own: MQTTConnection) async { await perform(leadership.minute(at: Self.moment()), own) }

    /// What the lead connection of claim `generation` tells.
    func lead(_ generation: Int, _ event: MQTTConnection.Event, _ own: MQTTConnection) async {
        guard generation == self.generation else { return }
        switch event {
        case .connected:
            await perform(leadership.leadConnected(at: Self.moment()), own)
        case .published(let mid):
            // The broker has the state: the changes it contains are acknowledged.
            guard let version = unshared.removeValue(forKey: mid) else { return }
            await clock.shared(version)
        case .failed(let reason):
            let gone = connection
            connection = nil
            unshared = [:]
            lastState = nil
            Task.detached { gone?.stop(patience: .milliseconds(500)) }
            await perform(leadership.leadClosed(reason, at: Self.moment()), own)
        case .message, .oversize, .subscribed:
            break
        }
    }

    /// The clock is stopping: the lead given up (`T/leader` emptied first), the report removed.
    func stopping(_ own: MQTTConnection) async { await perform(leadership.stopping(), own) }

    /// Does `actions` and what the clock's answers lead to.
    private func perform(_ actions: [Leadership.Action], _ own: MQTTConnection) async {
        var actions = actions
        while !actions.isEmpty {
            var next: [Leadership.Action] = []
            for action in actions { next += await perform(action, own) }
            actions = next
        }
        let listed = leadership.screens.listed(wall: Self.moment().wall)
        status(MQTTService.MatchStatus(lead: leadership.lead, lost: leadership.isLost, screens: listed.map(\.screen), fresh: listed.map(\.fresh)))
        let now = (leading: leadership.lead == .leading, lost: leadership.isLost)
        if told.map({ $0 != now }) ?? true {
            told = now
            await clock.matchChanged(now.leading, now.lost)
        }
    }

    private func perform(_ action: Leadership.Action, _ own: MQTTConnection) async -> [Leadership.Action] {
        switch action {
        case .subscribe(let topics):
            subscription = own.subscribe(topics)
        case .connectLead(let clientID, let will):
            generation += 1
            var options = options
            options.clientID = clientID
            options.will = (will, "")
            let generation = generation, lead = lead
            do {
                let made = try MQTTConnection(options) { lead(generation, $0) }
                connection = made
                made.start()
            } catch {
                return leadership.leadClosed("\(error)", at: Self.moment())
            }
        case .disconnectLead:
            connection?.stop(last: (leadership.topics.leader, ""), patience: .seconds(1))
            connection = nil
        case .lead(let topic, let payload):
            let mid = connection?.publish(topic, payload, retain: true)
            if topic == leadership.topics.state, let mid, let version = publishing {
                unshared[mid] = version
                lastState = (mid, version)
            }
        case .askMatch:
            let content = await clock.match()
            publishing = content?.version
            let actions = leadership.content(content?.json, at: Self.moment())
            if let content, actions.isEmpty, leadership.lead == .leading { await unchanged(content.version) }
            return actions
        case .follow(let payload):
            let refusal = await clock.follow(payload)
            return leadership.followed(refusal, at: Self.moment())
        case .log(let line):
            logger.notice("\(line)")
        case .lost(let lost):
            logger.notice("match: \(leadership.topics.base): \(lost ? "the lost-leader mark on" : "the lost-leader mark off")")
        case .report(let topic, let payload):
            own.publish(topic, payload, retain: true)
        }
        return []
    }

    /// The clock's match at `version` is the one published last: shared when that is.
    private func unchanged(_ version: Int) async {
        guard let last = lastState else { return }
        if unshared[last.mid] != nil {
            unshared[last.mid] = max(unshared[last.mid]!, version)
        } else {
            await clock.shared(version)
        }
    }

    /// Now: monotonic seconds for periods, wall seconds for what is published.
    static func moment() -> Leadership.Moment {
        var monotonic = timespec(), wall = timespec()
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        clock_gettime(CLOCK_REALTIME, &wall)
        return Leadership.Moment(
            now: Double(monotonic.tv_sec) + Double(monotonic.tv_nsec) / 1e9, wall: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9)
    }
}

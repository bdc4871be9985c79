import FlipClockControl
import FlipClockCore
import Glibc
import Logging
import ServiceLifecycle
import Synchronization

/// The MQTT connection as a service of the daemon's group: what happens (the broker, the
/// clock's changes, reloads, a minute passing) goes through ``MQTTSession``, and what it
/// decides is done here: published, subscribed, asked of the clock, logged.
///
/// Everything arrives on one stream and is handled in order, one at a time. Messages from the
/// broker wait in ``WaitingMessages``, at most ``waitingMessages``; past that the oldest is
/// dropped, so the newest command is the one done, and the drop is told at once on the error
/// topic. (The broker cannot be asked to hold them: libmosquitto acknowledges a QoS 1 message
/// as it hands it over, so MQTT 5's receive maximum bounds nothing the clock has not taken, and
/// a connection's thread that waited would only move the queue to the broker, which drops the
/// newest.) A flood of commands is bounded in memory and work; the clock's loop never waits on
/// the network.
public final class MQTTService: Service, Sendable {
    /// What the service needs of the clock.
    public struct Clock: Sendable {
        /// The clock's reply to a request from MQTT.
        public var ask: @Sendable (ControlRequest) async -> ControlReply
        /// The clock's changes from now on, or `nil` if too many listen.
        public var listen: @Sendable () -> AsyncStream<ClockEvent>?
        /// Frames per flip and the last flip's lateness in milliseconds.
        public var diagnostics: @Sendable () -> (framesPerFlip: Double?, latenessMilliseconds: Double?)
        /// The control page's address as a phone on the network reaches it, now; `nil` if none.
        public var page: @Sendable () -> String?
        /// The match as the leader publishes it, now: `{"scores":{…},"texts":{…},"game":{…}}`
        /// (no v/leader/seq/at: the session adds those), with the count of the clock's changes
        /// it contains (told back through `shared` once the broker has it).
        public var match: @Sendable () async -> (json: String, version: Int)? = { nil }
        /// The broker acknowledged a `T/state` containing the clock's changes up to this count:
        /// their replies may go (docs/match-leadership.md, the guarantee).
        public var shared: @Sendable (Int) async -> Void = { _ in }
        /// A received `T/state` payload (the whole object) applied; `nil` if taken, else why not
        /// (one line, logged with the topic by the service).
        public var follow: @Sendable (String) async -> String? = { _ in nil }
        /// Whether this clock leads the match now, and whether it has lost its leader: told
        /// at each change (a clock that does not lead refuses changes to the match).
        public var matchChanged: @Sendable (_ leading: Bool, _ lost: Bool) async -> Void = { _, _ in }

        public init(
            ask: @escaping @Sendable (ControlRequest) async -> ControlReply, listen: @escaping @Sendable () -> AsyncStream<ClockEvent>?,
            diagnostics: @escaping @Sendable () -> (framesPerFlip: Double?, latenessMilliseconds: Double?),
            page: @escaping @Sendable () -> String? = { nil }, match: @escaping @Sendable () async -> (json: String, version: Int)? = { nil },
            follow: @escaping @Sendable (String) async -> String? = { _ in nil }
        ) {
            self.ask = ask
            self.listen = listen
            self.diagnostics = diagnostics
            self.page = page
            self.match = match
            self.follow = follow
        }
    }

    enum Input: Sendable {
        case connection(MQTTConnection.Event)
        /// Messages wait in ``waiting``.
        case messages
        case clock(ClockEvent)
        case configured(ClockConfiguration)
        case minute
        /// The control page's address may have changed (``Clock/page``).
        case page
        /// What the lead connection of a claim tells (``MatchLink``).
        case lead(Int, MQTTConnection.Event)
        /// A tenth of a second passed (the match's claims wait for quiet).
        case tick
    }

    private let settings: MQTTSettings
    private let identity: MQTTIdentity
    private let password: String?
    private let version: String
    private let started: String
    private let configuration: ClockConfiguration
    private let clock: Clock
    private let match: MatchSettings?
    private let matchStatus = Mutex(MatchStatus())
    private let logger: Logger
    private let inputs: AsyncStream<Input>
    private let feed: AsyncStream<Input>.Continuation
    /// Messages from the broker waiting to be handled: a flood of commands is bounded, and
    /// never pushes out the connection's or the clock's news.
    private let waiting = Mutex(WaitingMessages(limit: MQTTService.waitingMessages))
    /// How many messages from the broker may wait.
    public static let waitingMessages = 256

    /// `started` is when the daemon started, ISO 8601; `password` what `password_file` holds;
    /// `match` the match this clock is a screen of (docs/match-leadership.md).
    public init(
        _ configuration: ClockConfiguration, settings: MQTTSettings, identity: MQTTIdentity, password: String?, version: String, started: String,
        clock: Clock, logger: Logger, match: MatchSettings? = nil
    ) {
        self.match = match
        self.configuration = configuration
        self.settings = settings
        self.identity = identity
        self.password = password
        self.version = version
        self.started = started
        self.clock = clock
        self.logger = logger
        (inputs, feed) = AsyncStream.makeStream()
    }

    /// Called with each configuration a reload takes.
    public func configured(_ configuration: ClockConfiguration) { feed.yield(.configured(configuration)) }

    /// The match as this clock sees it (who leads, the lost mark, the screens); `nil` without one.
    public var matchNow: MatchStatus? { match == nil ? nil : matchStatus.withLock { $0 } }

    /// ``matchNow`` as `GET /v1/match` answers it; `nil` without a match.
    public var matchReport: JSONValue? { match.flatMap { settings in matchNow?.report(settings, node: identity.node, name: identity.base) } }

    /// Called when the control page's address may have changed: the HTTP API listens now (it
    /// may have started after the broker answered). Also looked at every minute.
    public func pageMoved() { feed.yield(.page) }

    /// Connected until the group shuts down; a setting libmosquitto refuses is logged, and
    /// the clock runs on without MQTT.
    public func run() async {
        let feed = self.feed
        let connection: MQTTConnection
        // A match's state is up to 64 KiB; a command that long is refused by its parser.
        let options = MQTTConnection.Options(
            host: settings.host, port: settings.brokerPort, keepalive: settings.keepalive, clientID: identity.clientID,
            username: settings.username, password: password, tls: settings.tls, caFile: settings.caFile, certFile: settings.certFile,
            keyFile: settings.keyFile, will: ("\(identity.base)/status", "offline"),
            largestPacket: (match == nil ? MQTTCommand.maximumPayload : MatchTopics.largestState) + 512)
        do {
            connection = try MQTTConnection(options) { [self] event in
                guard case .message(let topic, let payload, let retained) = event else {
                    feed.yield(.connection(event))
                    return
                }
                if waiting.withLock({ $0.add(.init(topic: topic, payload: payload, retained: retained)) }) { feed.yield(.messages) }
            }
        } catch {
            return logger.error("mqtt: \(error); the clock runs without MQTT")
        }
        var session = MQTTSession(identity: identity, version: version, configuration: configuration)
        let link = match.map {
            MatchLink(
                $0, node: identity.node, name: identity.base, own: options, clock: clock, logger: logger,
                status: { [self] now in matchStatus.withLock { $0 = now } }
            ) { feed.yield(.lead($0, $1)) }
        }
        await link?.started(connection)
        let place = "\(settings.host):\(settings.brokerPort)"
        logger.info(
            "mqtt: connecting",
            metadata: ["broker": "\(place)", "client": "\(identity.clientID)", "topics": "\(identity.base)", "node": "\(identity.node)"])
        connection.start()
        await withDiscardingTaskGroup { group in
            group.addTask { [clock] in
                // The state as it is now, then its changes.
                guard let changes = clock.listen() else { return }
                if case .status(let status) = await clock.ask(.status) { feed.yield(.clock(.state(status))) }
                for await event in changes { feed.yield(.clock(event)) }
            }
            group.addTask {
                while (try? await Task.sleep(for: .seconds(60))) != nil { feed.yield(.minute) }
            }
            if link != nil {
                group.addTask {
                    while (try? await Task.sleep(for: .milliseconds(100))) != nil { feed.yield(.tick) }
                }
            }
            // Whether the diagnostics wait for the first flip.
            var unknown = true
            // The reasons logged since the last connection: each is said once.
            var failures: Set<String> = []
            for await input in inputs.cancelOnGracefulShutdown() {
                var actions: [MQTTSession.Action]
                switch input {
                case .connection(.connected):
                    logger.info("mqtt: connected", metadata: ["broker": "\(place)"])
                    failures = []
                    _ = session.paged(clock.page())
                    actions = session.connected() + session.measured(diagnostics())
                    await link?.connected(connection)
                case .connection(.failed(let reason)):
                    session.disconnected()
                    if failures.insert(reason).inserted { logger.warning("mqtt: \(place): \(reason)\(Self.hint(reason))") }
                    await link?.disconnected(connection)
                    actions = []
                case .connection(.subscribed(let mid)):
                    await link?.subscribed(mid, connection)
                    actions = []
                case .connection(.message), .connection(.published):
                    actions = []  // they wait in `waiting`; the own connection's are not told
                case .connection(.oversize(let topic, let bytes)):
                    actions = session.oversize(topic: topic, bytes: bytes)
                case .messages:
                    // A few at a time, then the clock's news waiting behind them, then the rest.
                    for _ in 0..<16 {
                        guard let message = waiting.withLock({ $0.next() }) else { break }
                        if let lost = waiting.withLock({ $0.takeDropped() }) {
                            await drain(session.dropped(lost.count, lastOn: lost.topic, waiting: Self.waitingMessages), &session, connection)
                        }
                        if let link, link.isMatch(message.topic) {
                            await link.received(topic: message.topic, payload: message.payload, retained: message.retained, connection)
                            continue
                        }
                        await drain(
                            session.received(topic: message.topic, payload: message.payload, retained: message.retained), &session, connection)
                    }
                    if waiting.withLock({ $0.count > 0 }) { feed.yield(.messages) }
                    actions = []
                case .clock(.state(let status)):
                    actions = session.changed(status)
                    await link?.changed(connection)
                case .clock(.shown):
                    // The figures are news once, when the first flip makes them known.
                    let now = diagnostics()
                    actions = unknown && now.framesPerFlip != nil ? session.measured(now) : []
                    unknown = now.framesPerFlip == nil
                case .configured(let configuration):
                    actions = session.configured(configuration)
                case .minute:
                    actions = session.paged(clock.page()) + session.measured(diagnostics())
                    await link?.minute(connection)
                case .page:
                    actions = session.paged(clock.page())
                case .lead(let generation, let event):
                    await link?.lead(generation, event, connection)
                    actions = []
                case .tick:
                    await link?.tick(connection)
                    actions = []
                }
                await drain(actions, &session, connection)
            }
            group.cancelAll()
        }
        await link?.stopping(connection)
        connection.stop(last: ("\(identity.base)/status", "offline"))
        logger.info("mqtt: disconnected", metadata: ["broker": "\(place)"])
    }

    /// Does `actions` and what the clock's answers lead to.
    private func drain(_ actions: [MQTTSession.Action], _ session: inout MQTTSession, _ connection: MQTTConnection) async {
        var actions = actions
        while !actions.isEmpty { actions = await perform(actions, on: connection, session: &session) }
    }

    /// Does `actions`; returns what the clock's answers lead to.
    private func perform(_ actions: [MQTTSession.Action], on connection: MQTTConnection, session: inout MQTTSession) async -> [MQTTSession.Action] {
        var next: [MQTTSession.Action] = []
        for action in actions {
            switch action {
            case .publish(let publication): connection.publish(publication.topic, publication.payload, retain: publication.retain)
            case .subscribe(let patterns): connection.subscribe(patterns)
            case .unsubscribe(let patterns): connection.unsubscribe(patterns)
            case .log(let line): logger.warning("\(line)")
            case .ask(let request, let topic): next += session.answered(await clock.ask(request), for: topic)
            }
        }
        return next
    }

    /// What to do about a failure the daemon's sandbox makes: IP sockets not allowed.
    static func hint(_ reason: String) -> String {
        guard reason.hasSuffix(String(cString: strerror(EAFNOSUPPORT))) else { return "" }
        return "; IP sockets are not allowed to the daemon (under systemd: install the drop-in /usr/share/flipclock/mqtt.conf, see the README)"
    }

    private func diagnostics() -> MQTTSession.Diagnostics {
        let now = clock.diagnostics()
        return MQTTSession.Diagnostics(framesPerFlip: now.framesPerFlip, latenessMilliseconds: now.latenessMilliseconds, started: started)
    }
}

import FlipClockControl
import FlipClockCore

/// The clock's side of an MQTT connection, as decisions: what to publish, subscribe to and ask
/// the clock, for each thing that happens (connected, the clock's state changed, a reload, a
/// message from the broker, the clock's answer). ``MQTTService`` carries them out.
///
/// It owns what was last published on each state topic in this connection, so only changes
/// are sent, and all of them again on a new connection.
public struct MQTTSession {
    /// What to do.
    public enum Action: Equatable, Sendable {
        case publish(Publication)
        case subscribe([String])
        /// Topics no longer wanted: a group left at a reload.
        case unsubscribe([String])
        /// Ask the clock; its reply goes to ``MQTTSession/answered(_:for:)`` with the topic.
        case ask(ControlRequest, topic: String)
        /// A command refused or a stale entity cleared, for the log.
        case log(String)
    }

    /// One message to the broker; retained unless said.
    public struct Publication: Equatable, Sendable {
        public var topic: String
        public var payload: String
        public var retain = true
    }

    /// How the clock is doing, for the diagnostic sensors.
    public struct Diagnostics: Equatable, Sendable {
        public var framesPerFlip: Double?
        public var latenessMilliseconds: Double?
        /// When the daemon started, ISO 8601.
        public var started: String
    }

    public let identity: MQTTIdentity
    private(set) var discovery: Discovery {
        didSet { entities = discovery.entities(configuration) }
    }
    private(set) var configuration: ClockConfiguration {
        didSet {
            entities = discovery.entities(configuration)
            groups = GroupTopics(configuration)
            groupEntities = discovery.groupEntities(groups)
        }
    }
    /// The configuration's entities, made once a configuration (a message from the broker
    /// asks of them often: each retained config at every connection).
    private var entities: [Discovery.Entity] = []
    /// The groups the clock is in, and their entities (which every member announces alike,
    /// and none removes: other members may still be in the group).
    private var groups: GroupTopics
    private var groupEntities: [Discovery.Entity] = []
    private var status: ControlReply.Status?
    private var diagnostics: Diagnostics?
    private var isConnected = false
    /// Each state topic's payload as published in this connection.
    private var sent: [String: String] = [:]
    /// The screen's brightness when last lit, in percent: what `ON` brings back.
    private var lit = 100
    /// How long a message without its own duration shows: the clock's (its status), else
    /// the configuration's until the first status.
    var messageSeconds: Int { status?.messageSeconds ?? configuration.mqtt?.messageSeconds ?? 30 }

    public init(identity: MQTTIdentity, version: String, configuration: ClockConfiguration) {
        self.identity = identity
        discovery = Discovery(identity: identity, version: version)
        self.configuration = configuration
        entities = discovery.entities(configuration)
        groups = GroupTopics(configuration)
        groupEntities = discovery.groupEntities(groups)
    }

    var statusTopic: String { "\(identity.base)/status" }

    /// The broker took the connection: say so, subscribe, announce, and publish every state.
    public mutating func connected() -> [Action] {
        isConnected = true
        sent = [:]
        let b = identity.base
        var topics = MQTTCommand.topics.map { "\(b)/\($0)" } + groups.subscriptions
        if !identity.prefix.isEmpty { topics += ["\(identity.prefix)/status", discovery.configs] + [discovery.formerConfigs].compactMap { $0 } }
        return [.publish(Publication(topic: statusTopic, payload: "online")), .subscribe(topics)] + announcements() + states()
    }

    public mutating func disconnected() { isConnected = false }

    /// Where the control page is now (``Discovery/page``): announced again when it moves (the
    /// HTTP API came up after the broker answered, the address changed).
    public mutating func paged(_ address: String?) -> [Action] {
        guard address != discovery.page else { return [] }
        discovery.page = address
        return isConnected ? announcements() : []
    }

    /// A reload: the entities of the new configuration announced, those gone removed; the
    /// groups joined subscribed to, those left unsubscribed from (their entities stay).
    public mutating func configured(_ new: ClockConfiguration) -> [Action] {
        let old = entities, oldGroups = Set(groups.subscriptions)
        configuration = new
        guard isConnected else { return [] }
        let kept = Set(entities.map(\.topic)), wanted = groups.subscriptions
        let gone = old.filter { !kept.contains($0.topic) }.sorted { $0.topic < $1.topic }
        let left = oldGroups.subtracting(wanted).sorted(), joined = wanted.filter { !oldGroups.contains($0) }
        return (left.isEmpty ? [] : [.unsubscribe(left)]) + (joined.isEmpty ? [] : [.subscribe(joined)])
            + gone.flatMap { removal(of: $0.topic, config: $0.payload) } + announcements() + states()
    }

    /// The clock's state changed (or is first known).
    public mutating func changed(_ status: ControlReply.Status) -> [Action] {
        self.status = status
        switch status.screen {
        case .on: lit = 100
        case .dim(let percent): lit = percent
        case .off: break
        }
        return isConnected ? states() : []
    }

    /// The clock's figures, at most once a minute.
    public mutating func measured(_ diagnostics: Diagnostics) -> [Action] {
        self.diagnostics = diagnostics
        return isConnected ? states() : []
    }

    /// A message from the broker on a topic subscribed to; `retained` if the broker kept it
    /// from before (sent at the subscription).
    public mutating func received(topic: String, payload: [UInt8], retained: Bool = false) -> [Action] {
        if topic == "\(identity.prefix)/status" {
            return payload == Array("online".utf8) ? announcements() : []
        }
        if discovery.isConfig(topic) {
            // A retained config of an entity this configuration does not have: a score,
            // text or timer removed while the clock was off.
            guard !payload.isEmpty, !entities.contains(where: { $0.topic == topic }) else { return [] }
            let config = ControlJSON.object(String(decoding: payload, as: UTF8.self)).map(JSONValue.object)
            return [.log("mqtt: removing \(topic), which the configuration no longer has")] + removal(of: topic, config: config)
        }
        if discovery.isFormerConfig(topic) {
            // This clock as an earlier version announced it, under the host name's node; a
            // config of another clock of that name (other topics) is left alone.
            let config = ControlJSON.object(String(decoding: payload, as: UTF8.self))
            guard config?["availability_topic"]?.string == statusTopic else { return [] }
            return [
                .log("mqtt: removing \(topic): announced under the host name before; the ids are now the machine's (\(identity.node))"),
                .publish(Publication(topic: topic, payload: "")),
            ]
        }
        if let below = groups.command(topic) {
            // A group's command: done as the same command on the clock's own topic.
            return command(below, on: topic, payload: payload, retained: retained)
        }
        let b = identity.base
        guard topic.hasPrefix("\(b)/") else { return [] }
        let below = String(topic.dropFirst(b.count + 1))
        return command(below, on: topic, payload: payload, retained: retained)
    }

    /// The command `below` a base (the clock's own, or a group's) that came on `topic`.
    private mutating func command(_ below: String, on topic: String, payload: [UInt8], retained: Bool) -> [Action] {
        // A command kept on the broker was done when it was sent: done again at every
        // connection it would add up (a retained +1). An empty payload clears one.
        guard !retained, !payload.isEmpty else { return [] }
        do {
            switch try MQTTCommand.parse(topic: below, payload: payload, messageSeconds: messageSeconds) {
            case .request(let request):
                // A light's default (not ours to HA) sends the brightness, then ON: ON must find it.
                if case .screen(let brightness) = request, brightness > 0 { lit = Int((brightness * 100).rounded()) }
                return [.ask(request, topic: topic)]
            case .screenOn: return [.ask(.screen(brightness: Double(lit) / 100), topic: topic)]
            }
        } catch {
            return refused(error, on: topic)
        }
    }

    /// A message larger than the clock told the broker it takes: not read, and the connection
    /// closed.
    public func oversize(topic: String, bytes: Int) -> [Action] {
        refused(
            ControlError(
                .tooLong, "the broker sent a \(bytes)-byte payload, more than the \(MQTTCommand.maximumPayload) bytes the clock takes; disconnected"),
            on: topic)
    }

    /// Messages dropped because `waiting` waited already (the newest kept), the last on `topic`.
    public func dropped(_ count: Int, lastOn topic: String, waiting: Int) -> [Action] {
        refused(ControlError(.queueFull, "\(count) commands dropped, the oldest: \(waiting) were waiting already"), on: topic)
    }

    /// The clock's reply to what was asked for a message on `topic`.
    public mutating func answered(_ reply: ControlReply, for topic: String) -> [Action] {
        guard case .refused(let error) = reply else { return [] }
        return refused(error, on: topic)
    }

    /// An entity gone from the configuration removed: its config emptied, and the state topic
    /// it read (the clock's own, and no other entity's) too.
    private mutating func removal(of topic: String, config: JSONValue?) -> [Action] {
        var actions = [Action.publish(Publication(topic: topic, payload: ""))]
        let read = Set(entities.compactMap { $0.payload.object?["state_topic"]?.string })
        if let state = config?.object?["state_topic"]?.string, state.hasPrefix("\(identity.base)/"), !read.contains(state) {
            sent[state] = nil
            actions.append(.publish(Publication(topic: state, payload: "")))
        }
        return actions
    }

    /// A refusal, logged and answered on the error topic.
    private func refused(_ error: ControlError, on topic: String) -> [Action] {
        let answer = ControlJSON.line(["topic": .string(topic), "code": .string(error.code.rawValue), "error": .string(error.reason)])
        return [.log("mqtt: \(topic): \(error)"), .publish(Publication(topic: "\(identity.base)/error", payload: answer, retain: false))]
    }

    /// Every entity's config, and the groups'.
    private func announcements() -> [Action] {
        (entities + groupEntities).map { .publish(Publication(topic: $0.topic, payload: ControlJSON.line($0.payload))) }
    }

    /// The state topics whose payload differs from what this connection last sent.
    private mutating func states() -> [Action] {
        var actions: [Action] = []
        for (topic, payload) in StateTopics(base: identity.base).payloads(
            status: status, configuration: configuration, lit: lit, diagnostics: diagnostics)
        where sent[topic] != payload {
            sent[topic] = payload
            actions.append(.publish(Publication(topic: topic, payload: payload)))
        }
        return actions
    }
}

import CMosquitto
import FlipClockSystem
import Glibc
import Synchronization

/// One connection to an MQTT broker through libmosquitto (MQTT 5): connected, and connected
/// again after any failure, on a thread of its own, until ``stop()``.
///
/// libmosquitto's own loop reconnects after a dropped connection but gives up on what it
/// counts as fatal (a name that does not resolve, a TLS handshake refused): a clock booted
/// before its network is up must not. So the thread connects, runs the library's loop for
/// that one connection until it ends, and connects again after 0.25 s, doubling up to 8 s,
/// reset once connected: a screen of a match agrees again within a second of its network or
/// broker coming back (libmosquitto's own waits are whole seconds, 1 at the least).
/// Publishing and subscribing are safe from any thread; what happens reaches `events` on the
/// connection's thread.
public final class MQTTConnection: @unchecked Sendable {
    /// What the connection tells its owner.
    public enum Event: Sendable {
        case connected
        /// The broker refused the connection, or it failed or dropped; the reason in words.
        case failed(String)
        /// A message; `retained` if the broker kept it from before the subscription.
        case message(topic: String, payload: [UInt8], retained: Bool)
        /// The broker acknowledged the subscription ``subscribe(_:)`` returned the id of.
        case subscribed(Int32)
        /// A message larger than ``Options/largestPacket`` (which the broker was told): its
        /// payload is not kept, and the connection is closed (MQTT 5's "packet too large").
        case oversize(topic: String, bytes: Int)
        /// The broker acknowledged (PUBACK) the message ``publish(_:_:retain:)`` returned the id
        /// of: it has it. Told only with ``Options/tellsPublished``.
        case published(Int32)
    }

    /// Where to connect, as whom, and what the broker says when the clock is gone.
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var keepalive: Int
        public var clientID: String
        public var username: String?
        public var password: String?
        public var tls: Bool
        public var caFile: String?
        public var certFile: String?
        public var keyFile: String?
        /// The retained last will: its topic and payload.
        public var will: (topic: String, payload: String)
        /// The largest packet the broker may send (MQTT 5's maximum packet size).
        public var largestPacket: Int
        /// Whether a failed or dropped connection is tried again; `false`: one connection,
        /// and ``Event/failed(_:)`` when it ends (a match's lead connection).
        public var reconnects = true
        /// Whether the broker's acknowledgements of messages published are told
        /// (``Event/published(_:)``; a match's lead connection).
        public var tellsPublished = false

        public init(
            host: String, port: Int, keepalive: Int, clientID: String, username: String?, password: String?, tls: Bool, caFile: String?,
            certFile: String?, keyFile: String?, will: (topic: String, payload: String), largestPacket: Int
        ) {
            self.host = host
            self.port = port
            self.keepalive = keepalive
            self.clientID = clientID
            self.username = username
            self.password = password
            self.tls = tls
            self.caFile = caFile
            self.certFile = certFile
            self.keyFile = keyFile
            self.will = will
            self.largestPacket = largestPacket
        }
    }

    /// A setting libmosquitto refused before any connection was tried.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    private static let library: Void = { mosquitto_lib_init() }()
    private let client: OpaquePointer
    private let options: Options
    private let events: @Sendable (Event) -> Void
    private var properties: OpaquePointer?
    private let stopping = Atomic<Bool>(false)
    private let finished = Mutex<Bool>(false)

    public init(_ options: Options, events: @escaping @Sendable (Event) -> Void) throws(Refusal) {
        _ = Self.library
        guard let client = mosquitto_new(options.clientID, true, nil) else { throw Refusal(description: "libmosquitto: \(Self.errnoText())") }
        self.client = client
        self.options = options
        self.events = events
        mosquitto_user_data_set(client, Unmanaged.passUnretained(self).toOpaque())
        try check(mosquitto_int_option(client, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V5)), "protocol version")
        try check(mosquitto_threaded_set(client, true), "threads")
        // A reply is a few small packets (the acknowledgement, then the answer): without this,
        // Nagle's algorithm holds the answer for the broker's delayed acknowledgement (~40 ms).
        try check(mosquitto_int_option(client, MOSQ_OPT_TCP_NODELAY, 1), "TCP_NODELAY")
        try check(
            mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(options.largestPacket)), "packet size")
        let will = Array(options.will.payload.utf8)
        try check(mosquitto_will_set_v5(client, options.will.topic, Int32(will.count), will, 1, true, nil), "last will")
        if let username = options.username {
            try check(mosquitto_username_pw_set(client, username, options.password), "user name")
        }
        if options.tls {
            if options.caFile == nil { try check(mosquitto_int_option(client, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "the system's CAs") }
            try check(mosquitto_tls_set(client, options.caFile, nil, options.certFile, options.keyFile, nil), "TLS files")
        }
        mosquitto_connect_v5_callback_set(client) { _, object, code, _, _ in
            MQTTConnection.owner(object).connected(code: code)
        }
        mosquitto_disconnect_v5_callback_set(client) { _, object, code, _ in
            MQTTConnection.owner(object).dropped(code: code)
        }
        mosquitto_subscribe_v5_callback_set(client) { _, object, mid, _, _, _ in
            MQTTConnection.owner(object).events(.subscribed(mid))
        }
        if options.tellsPublished {
            mosquitto_publish_v5_callback_set(client) { _, object, mid, code, _ in
                // A reason code of 0x80 or more: the broker refused the message.
                if code < 0x80 { MQTTConnection.owner(object).events(.published(mid)) }
            }
        }
        mosquitto_message_v5_callback_set(client) { _, object, message, _ in
            guard let message = message?.pointee, let topic = message.topic else { return }
            MQTTConnection.owner(object).received(message, topic: String(cString: topic))
        }
    }

    deinit {
        mosquitto_property_free_all(&properties)
        mosquitto_destroy(client)
    }

    /// Connects and stays connected until ``stop()``, on a thread of its own (`mqtt`), which
    /// keeps the connection alive until then.
    public func start() {
        NamedThread.start(name: "mqtt") { [self] in run() }
    }

    /// Publishes at QoS 1; a message published while disconnected is dropped (the state is
    /// published whole on every connection). Its message id, `nil` if it was not sent.
    @discardableResult public func publish(_ topic: String, _ payload: String, retain: Bool) -> Int32? {
        let bytes = Array(payload.utf8)
        var mid: Int32 = 0
        let code = mosquitto_publish_v5(client, &mid, topic, Int32(bytes.count), bytes, 1, retain, nil)
        return code == MOSQ_ERR_SUCCESS.rawValue ? mid : nil
    }

    /// Subscribes to `patterns` at QoS 1, without the clock's own messages (MQTT 5's no local:
    /// a retained one from an earlier run still comes at the subscription); the message id of
    /// the last (``Event/subscribed(_:)`` tells its acknowledgement, which comes after the others').
    @discardableResult public func subscribe(_ patterns: [String]) -> Int32 {
        var mid: Int32 = 0
        for pattern in patterns { mosquitto_subscribe_v5(client, &mid, pattern, 1, Int32(MQTT_SUB_OPT_NO_LOCAL.rawValue), nil) }
        return mid
    }

    /// Ends the subscriptions to `patterns` (the connection stays).
    public func unsubscribe(_ patterns: [String]) {
        for pattern in patterns { mosquitto_unsubscribe_v5(client, nil, pattern, nil) }
    }

    /// Publishes `last` (the status `offline`, as the will would), disconnects, and waits up
    /// to `patience` for the thread to end.
    public func stop(last: (topic: String, payload: String)? = nil, patience: Duration = .seconds(2)) {
        if let last { publish(last.topic, last.payload, retain: true) }
        stopping.store(true, ordering: .sequentiallyConsistent)
        mosquitto_disconnect_v5(client, 0, nil)
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while !finished.withLock({ $0 }), clock.now < deadline { usleep(10_000) }
    }

    /// Connects, runs libmosquitto's loop while that holds, and waits before the next try.
    private func run() {
        // In 25 ms steps.
        var wait = Self.firstWait
        while !stopping.load(ordering: .sequentiallyConsistent) {
            reported.store(false, ordering: .sequentiallyConsistent)
            answered.store(false, ordering: .sequentiallyConsistent)
            var code = mosquitto_connect_bind_v5(client, options.host, Int32(options.port), Int32(options.keepalive), nil, properties)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                // Asleep until the broker sends, another thread publishes (libmosquitto wakes
                // its loop through a socket pair) or the keepalive's ping is due.
                code = once()
            }
            if stopping.load(ordering: .sequentiallyConsistent) { break }
            if code != MOSQ_ERR_SUCCESS.rawValue, !reported.load(ordering: .sequentiallyConsistent) {
                events(.failed(Self.dropText(code, keepalive: options.keepalive)))
            }
            if !options.reconnects { break }
            if isConnectedOnce.exchange(false, ordering: .sequentiallyConsistent) { wait = Self.firstWait }
            for _ in 0..<wait where !stopping.load(ordering: .sequentiallyConsistent) { usleep(25_000) }
            wait = min(wait * 2, Self.longestWait)
        }
        finished.withLock { $0 = true }
    }

    /// The wait before the first try again, and the longest, in 25 ms steps: 0.25 s and 8 s.
    static let firstWait = 10, longestWait = 320

    /// libmosquitto's loop for one connection: it ends when the connection does (its
    /// `loop_forever` would connect again, after whole seconds).
    private func once() -> Int32 {
        var code: Int32
        repeat {
            code = mosquitto_loop(client, Int32(options.keepalive * 1000), 1)
        } while code == MOSQ_ERR_SUCCESS.rawValue && !stopping.load(ordering: .sequentiallyConsistent)
        return code
    }

    /// Whether a connection was made since the last failure (the wait starts again at 0.25 s).
    private let isConnectedOnce = Atomic<Bool>(false)
    /// Whether this try's failure was told already (the broker's refusal, or the drop): what
    /// follows from it says nothing new.
    private let reported = Atomic<Bool>(false)
    /// Whether the broker answered this try's CONNECT.
    private let answered = Atomic<Bool>(false)

    private func connected(code: Int32) {
        answered.store(true, ordering: .sequentiallyConsistent)
        guard code == 0 else {
            reported.store(true, ordering: .sequentiallyConsistent)
            return events(.failed("the broker refused the connection: \(Self.words(mosquitto_reason_string(code)))"))
        }
        // A drop after this connection is news again.
        reported.store(false, ordering: .sequentiallyConsistent)
        isConnectedOnce.store(true, ordering: .sequentiallyConsistent)
        events(.connected)
    }

    private func received(_ message: mosquitto_message, topic: String) {
        let bytes = Int(message.payloadlen)
        guard bytes <= options.largestPacket else {
            // libmosquitto 2.0 does not check the size a client announced: the packet was read
            // whole, but it goes no further, and a broker that sends such packets is left.
            events(.oversize(topic: topic, bytes: bytes))
            mosquitto_disconnect_v5(client, Int32(MQTT_RC_PACKET_TOO_LARGE.rawValue), nil)
            return
        }
        let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: bytes)) } ?? []
        events(.message(topic: topic, payload: payload, retained: message.retain))
    }

    private func dropped(code: Int32) {
        guard !stopping.load(ordering: .sequentiallyConsistent), !reported.exchange(true, ordering: .sequentiallyConsistent), code != 0 else {
            return
        }
        guard answered.load(ordering: .sequentiallyConsistent) || !options.tls else {
            // TLS 1.3 finishes the client's side of the handshake before the broker checks
            // the client's certificate: a refusal comes as the connection closing.
            return events(
                .failed("the broker closed the connection before answering: it may want a client certificate (mqtt.cert_file) or refuse this one"))
        }
        events(.failed("the connection dropped: \(Self.dropText(code, keepalive: options.keepalive))"))
    }

    /// Why a connection dropped: libmosquitto's error (`MOSQ_ERR_…`), or the reason code of the
    /// broker's DISCONNECT (0x80 and up), in words; a code libmosquitto 2.0 has no words for
    /// (its keepalive's, "unknown error" before) named here.
    static func dropText(_ code: Int32, keepalive: Int) -> String {
        if code == MOSQ_ERR_KEEPALIVE.rawValue {
            return "no answer from the broker within the keepalive (\(keepalive) s): the network or the broker is down"
        }
        if code >= 0x80 {
            let reason = Self.words(mosquitto_reason_string(code))
            return reason == "unknown reason" ? "the broker disconnected with reason code \(code)" : "the broker disconnected: \(reason)"
        }
        let text = text(code)
        return text == "unknown error" ? "libmosquitto's error \(code)" : text
    }

    private func check(_ code: Int32, _ what: String) throws(Refusal) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw Refusal(description: "\(what): \(Self.text(code))") }
    }

    private static func owner(_ object: UnsafeMutableRawPointer?) -> MQTTConnection {
        Unmanaged<MQTTConnection>.fromOpaque(object!).takeUnretainedValue()
    }

    /// libmosquitto's words for `code`, or the errno's for a failed system call.
    private static func text(_ code: Int32) -> String {
        code == MOSQ_ERR_ERRNO.rawValue ? errnoText() : words(mosquitto_strerror(code))
    }

    /// A message of libmosquitto's as a log line's words: lowercased, without its full stop.
    private static func words(_ message: UnsafePointer<CChar>) -> String {
        var text = String(cString: message).lowercased()
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

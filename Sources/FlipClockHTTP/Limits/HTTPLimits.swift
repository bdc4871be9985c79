/// The API's bounds: what one client, and all of them together, may ask of the daemon.
public struct HTTPLimits: Equatable, Sendable {
    /// The largest request body, in bytes (a message is at most a few hundred).
    public var body = 16 * 1024
    /// The largest header field, and all the header fields of a request together, in bytes.
    public var headerField = 4 * 1024
    public var headers = 8 * 1024
    public var headerCount = 64
    /// Connections open at once, and from one address: past those a newcomer closes the oldest
    /// waiting connection of its own address, or of one that holds more (``ConnectionShare``).
    public var connections = 64
    public var connectionsPerAddress = 16
    public var backlog = 64
    /// How long a client has to send a request's head, from connecting or from its last reply
    /// (the whole request has `[http] timeout_seconds`).
    public var head = Duration.seconds(5)
    /// Requests one address may make: a burst of ``burst``, then ``perSecond``.
    public var burst = 20
    public var perSecond = 10.0

    public init() {}
}

/// `[mqtt]`: the broker flipclockd keeps a connection to, how it proves who it is, and where
/// its topics go. Off (no `[mqtt]`) by default.
///
/// What defaults to the machine's host name (the client id, the base topic) is `nil` here and
/// made by ``MQTTSettings/identity(hostname:)`` where the daemon knows the name.
public struct MQTTSettings: Equatable, Sendable {
    public var host: String
    /// `nil`: 1883, or 8883 with TLS.
    public var port: Int?
    public var clientID: String?
    public var baseTopic: String?
    /// Where Home Assistant looks for discovery; empty announces nothing.
    public var discoveryPrefix = "homeassistant"
    public var keepalive = 60
    public var username: String?
    /// The file whose first line is the password.
    public var passwordFile: String?
    /// TLS, verifying the broker against ``caFile`` or the system's CAs.
    public var tls = false
    public var caFile: String?
    /// A client certificate and its key: both or neither.
    public var certFile: String?
    public var keyFile: String?
    /// How long a message sent without its own duration shows, in seconds.
    public var messageSeconds = 30
    /// The groups this clock is a member of: each takes commands under `groupTopic/NAME/`.
    public var groups: [String] = []
    /// Where every group's commands go (the same on every clock of a fleet).
    public var groupTopic = "flipclock/group"

    /// The most groups a clock is in.
    public static let maximumGroups = 16

    public init(host: String) {
        self.host = host
    }

    /// These settings but the groups, which a reload takes (the rest wait for the next start).
    public var withoutGroups: MQTTSettings {
        var settings = self
        settings.groups = []
        settings.groupTopic = MQTTSettings(host: host).groupTopic
        return settings
    }

    /// The port connected to.
    public var brokerPort: Int { port ?? (tls ? 8883 : 1883) }

    /// The names this clock goes by on the broker, with the machine's `hostname` where the
    /// file leaves them out.
    public func identity(hostname: String) -> MQTTIdentity {
        let name = MQTTIdentity.topicName(hostname)
        return MQTTIdentity(
            clientID: clientID ?? "flipclock-\(name)", base: baseTopic ?? "flipclock/\(name)", prefix: discoveryPrefix,
            node: "flipclock_\(name)", device: "flipclock \(name)")
    }
}

/// The names a clock goes by on the broker: its client id, the base of its topics, Home
/// Assistant's discovery prefix, the node its entities are announced under, and the device's name.
public struct MQTTIdentity: Equatable, Sendable {
    public var clientID: String
    public var base: String
    public var prefix: String
    public var node: String
    public var device: String
    /// The node an earlier version announced this clock under (the host name's), whose configs
    /// for this clock's topics are cleared; `nil` when the node is still that one.
    public var formerNode: String?

    public init(clientID: String, base: String, prefix: String, node: String, device: String, formerNode: String? = nil) {
        self.clientID = clientID
        self.base = base
        self.prefix = prefix
        self.node = node
        self.device = device
        self.formerNode = formerNode
    }

    /// This identity announced under `machine` (the machine's own node) instead of the host
    /// name's, which it clears.
    public func on(machine: String) -> MQTTIdentity {
        var identity = self
        identity.formerNode = node == machine ? formerNode : node
        identity.node = machine
        return identity
    }

    /// `name` lowercased, every character but `a-z 0-9 - _` made `_` (`Kitchen.lan` is
    /// `kitchen_lan`); `clock` for an empty name.
    public static func topicName(_ name: String) -> String {
        let made = String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return made.isEmpty ? "clock" : made
    }
}

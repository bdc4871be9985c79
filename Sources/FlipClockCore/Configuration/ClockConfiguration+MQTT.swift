extension ClockConfiguration {
    /// `[mqtt]`: `host` is required; a password needs a user name, a client certificate its
    /// key; topics hold no wildcards.
    mutating func decodeMQTT(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "mqtt")
        let hostNode = r.node("host")
        guard let hostNode, case .string(let host) = hostNode.value, !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw ConfigError(
                hostNode?.valueLocation ?? r.firstKey, key: "mqtt.host", "expected the broker's host name or address, such as \"broker.lan\"")
        }
        var settings = MQTTSettings(host: host)
        settings.port = try r.integer("port", in: 1...65535)
        if let v = try r.string("client_id") {
            guard (1...64).contains(v.utf8.count) else {
                throw ConfigError(table["client_id"]?.valueLocation ?? r.firstKey, key: "mqtt.client_id", "expected 1 to 64 bytes")
            }
            settings.clientID = v
        }
        if let v = try topic(&r, "base_topic", empty: false) { settings.baseTopic = v }
        if let v = try topic(&r, "discovery_prefix", empty: true) { settings.discoveryPrefix = v }
        if let v = try r.integer("keepalive_seconds", in: 5...3600) { settings.keepalive = v }
        if let v = try r.string("username") { settings.username = v.isEmpty ? nil : v }
        if let v = try r.string("password_file") { settings.passwordFile = v.isEmpty ? nil : v }
        if let v = try r.bool("tls") { settings.tls = v }
        if let v = try r.string("ca_file") { settings.caFile = v.isEmpty ? nil : v }
        if let v = try r.string("cert_file") { settings.certFile = v.isEmpty ? nil : v }
        if let v = try r.string("key_file") { settings.keyFile = v.isEmpty ? nil : v }
        if let v = try r.integer("message_seconds", in: 1...86400) { settings.messageSeconds = v }
        if let v = try groups(&r) { settings.groups = v }
        if let v = try topic(&r, "group_topic", empty: false) { settings.groupTopic = v }
        try r.rejectUnknownKeys()
        if settings.caFile != nil || settings.certFile != nil {
            if let node = table["tls"], settings.tls == false {
                throw ConfigError(node.valueLocation, key: "mqtt.tls", "false, but mqtt.ca_file or mqtt.cert_file asks for TLS")
            }
            settings.tls = true
        }
        if settings.passwordFile != nil, settings.username == nil, let node = table["password_file"] {
            throw ConfigError(node.keyLocation, key: "mqtt.password_file", "a password needs mqtt.username too")
        }
        for (given, missing) in [("cert_file", "key_file"), ("key_file", "cert_file")] where table[given] != nil && table[missing] == nil {
            throw ConfigError(table[given]!.keyLocation, key: "mqtt.\(given)", "a client certificate needs mqtt.\(missing) too")
        }
        mqtt = settings
    }

    /// `groups`: at most 16 names of 1 to 32 letters, digits, `-` and `_`, each once.
    private func groups(_ r: inout ConfigReader) throws(ConfigError) -> [String]? {
        guard let names = try r.strings("groups") else { return nil }
        guard names.count <= MQTTSettings.maximumGroups else {
            throw ConfigError(
                r.table["groups"]?.valueLocation ?? r.firstKey, key: "mqtt.groups", "\(names.count) groups; at most \(MQTTSettings.maximumGroups)")
        }
        var seen: Set<String> = []
        for (name, at) in names {
            guard Name.isValid(name) else {
                let shown = String(name.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
                throw ConfigError(at, key: "mqtt.groups", "\"\(shown)\" is not a group name; write \(Name.rule)")
            }
            guard seen.insert(name).inserted else { throw ConfigError(at, key: "mqtt.groups", "\"\(name)\" is named twice") }
        }
        return names.map(\.text)
    }

    /// A topic the clock publishes under: no `+`, `#` or control character, no leading `$` (the
    /// broker's own, `$SYS`), no empty level, no leading or trailing `/`, at most 128 bytes.
    private func topic(_ r: inout ConfigReader, _ name: String, empty: Bool) throws(ConfigError) -> String? {
        guard let v = try r.string(name) else { return nil }
        let bad =
            v.unicodeScalars.contains { $0 == "+" || $0 == "#" || $0.value < 0x20 || $0.value == 0x7F } || v.hasPrefix("$") || v.hasPrefix("/")
            || v.hasSuffix("/") || v.contains("//") || v.utf8.count > 128
        guard !bad, empty || !v.isEmpty else {
            let shown = String(String.UnicodeScalarView(v.unicodeScalars.prefix(128).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
            throw ConfigError(
                r.table[name]?.valueLocation ?? r.firstKey, key: "mqtt.\(name)",
                "\"\(shown)\" is not a topic; write up to 128 bytes without + #, control characters, a leading $, an empty level "
                    + "or a leading or trailing /\(empty ? "" : ", not empty")")
        }
        return v
    }
}

extension ControlRequest {
    /// How long a pairing code may show, in seconds.
    public static let pairingSeconds = 1...600
    /// How long it shows when no one says.
    public static let defaultPairingSeconds = 60
    /// The longest host name a pairing code's address may name (DNS's limit).
    public static let longestHost = 253

    /// `[SECONDS] [host NAME]` or `stop`, after the word `pair`.
    static func pair(_ words: [String]) throws(ControlError) -> ControlRequest {
        if words == ["stop"] { return .stopPairing }
        let usage = ControlError(.syntax, "pair takes [SECONDS] [host NAME], or stop")
        var rest = words[...]
        var seconds = defaultPairingSeconds
        if let first = rest.first, first != "host" {
            guard let given = Int(first) else { throw usage }
            seconds = try pairingSeconds(given)
            rest = rest.dropFirst()
        }
        var host: String?
        if !rest.isEmpty {
            guard rest.count == 2, rest.first == "host" else { throw usage }
            host = try pairingHost(rest.last!)
        }
        return .pair(seconds: seconds, host: host)
    }

    /// `seconds` if a pairing code may show that long.
    static func pairingSeconds(_ seconds: Int) throws(ControlError) -> Int {
        guard pairingSeconds.contains(seconds) else {
            throw ControlError(.range, "\(seconds) seconds; a pairing code shows for \(pairingSeconds.lowerBound)...\(pairingSeconds.upperBound)")
        }
        return seconds
    }

    /// `host` if it can stand in an address as it is: a name or an IPv4 or IPv6 address
    /// (letters, digits, `.`, `-`, `:`), at most ``longestHost`` characters.
    static func pairingHost(_ host: String) throws(ControlError) -> String {
        let allowed = host.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x2D || c == 0x3A
        }
        guard !host.isEmpty, host.utf8.count <= longestHost, allowed else {
            throw ControlError(.syntax, "\"\(host.prefix(64))\" is not a host name or address (letters, digits, . - : and at most \(longestHost))")
        }
        return host
    }
}

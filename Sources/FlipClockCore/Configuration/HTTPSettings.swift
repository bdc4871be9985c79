/// `[http]`: where the HTTP API listens, the file its token is read from, and how long a
/// client has to send each request. Off (no `[http]`) by default.
public struct HTTPSettings: Equatable, Sendable {
    /// The address to listen on, as written: `127.0.0.1`, `::1`, `localhost`, `0.0.0.0`, `192.168.1.20`.
    public var host: String
    public var port: Int
    /// The file whose first line is the bearer token; `nil`: no token (loopback only).
    public var tokenFile: String?
    /// How long a client has to send a whole request, from connecting or from its last reply.
    public var timeout: Duration

    public init(host: String, port: Int, tokenFile: String? = nil, timeout: Duration = .seconds(10)) {
        self.host = host
        self.port = port
        self.tokenFile = tokenFile
        self.timeout = timeout
    }

    /// `HOST:PORT` or `[IPV6]:PORT`, the port 0 (any free one) to 65535; `nil` if it is not one.
    public init?(listen: String) {
        let host: Substring, port: Substring
        if listen.hasPrefix("[") {
            guard let close = listen.firstIndex(of: "]"), listen[close...].hasPrefix("]:") else { return nil }
            host = listen[listen.index(after: listen.startIndex)..<close]
            port = listen[listen.index(close, offsetBy: 2)...]
        } else {
            guard let colon = listen.lastIndex(of: ":"), !listen[..<colon].contains(":") else { return nil }
            host = listen[..<colon]
            port = listen[listen.index(after: colon)...]
        }
        guard !host.isEmpty, port.allSatisfy(\.isASCII), let number = Int(port), (0...65535).contains(number) else { return nil }
        self.init(host: String(host), port: number)
    }

    /// Whether only this machine can reach the address: `localhost`, 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

import FlipClockCore

/// Who or what made a change the match record keeps: one line of text each way
/// (`keypad KEY_KP1`, `page 3f9a0c21 192.0.2.7`, `http 192.0.2.7 token 1a2b3c4d`, `mqtt`,
/// `uid 1000`, `clock`), the words the log's `from` has always used.
public enum ChangeSource: Equatable, Sendable, CustomStringConvertible {
    /// A key of the operator's keypad.
    case keypad(key: String)
    /// The control page in a browser: the id it keeps for its tab, and its address.
    case page(client: String, address: String)
    /// The HTTP API: the caller's address and the token's fingerprint (`nil`: the API has no token).
    case http(address: String, token: String?)
    case mqtt
    /// The control socket: the client's uid.
    case socket(uid: UInt32)
    /// The game by itself: a period's clock at zero, a break over.
    case clock
    /// A line answered in the daemon itself (the bench's operator, a test).
    case local

    /// The header the control page sends with its tab's id.
    public static let pageHeader = "X-Flipclock-Client"

    /// Whether `id` can be a page's client id: 1 to 36 letters, digits, `-` or `_`.
    public static func isClientID(_ id: String) -> Bool {
        (1...36).contains(id.utf8.count)
            && id.utf8.allSatisfy { $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// A token's fingerprint: the first 8 hexadecimal digits of its 64-bit FNV-1a hash. It names
    /// which token was used, never the token (32 bits of a hash of at least 16 characters).
    public static func fingerprint(of token: String) -> String {
        String(FNV1a.hex(token.utf8).prefix(8))
    }

    public var description: String {
        switch self {
        case .keypad(let key): "keypad \(key)"
        case .page(let client, let address): "page \(client) \(address)"
        case .http(let address, let token): "http \(address) token \(token ?? "none")"
        case .mqtt: "mqtt"
        case .socket(let uid): "uid \(uid)"
        case .clock: "clock"
        case .local: "local"
        }
    }

    /// The source a line of ``description`` names; `nil` if it names none.
    public init?(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch (words.first, words.count) {
        case ("keypad", 2): self = .keypad(key: words[1])
        case ("page", 3) where Self.isClientID(words[1]): self = .page(client: words[1], address: words[2])
        case ("http", 4) where words[2] == "token": self = .http(address: words[1], token: words[3] == "none" ? nil : words[3])
        case ("http", 2): self = .http(address: words[1], token: nil)
        case ("mqtt", 1): self = .mqtt
        case ("uid", 2):
            guard let uid = UInt32(words[1]) else { return nil }
            self = .socket(uid: uid)
        case ("clock", 1): self = .clock
        case ("local", 1): self = .local
        default: return nil
        }
    }
}

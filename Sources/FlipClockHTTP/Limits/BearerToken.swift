import FlipClockControl

/// The token a client must send (`Authorization: Bearer TOKEN`) when the API has one.
public struct BearerToken: Sendable {
    /// The shortest token accepted: 16 characters (the package makes 64 hexadecimal digits).
    public static let shortest = 16
    /// The token as the file gives it (the pairing code carries it).
    public let text: String
    private let bytes: [UInt8]

    /// The token in a token file's text: its first line, blanks around it dropped; `nil` if
    /// it is shorter than ``shortest``.
    public init?(fileText: String) {
        let line = fileText.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        text = line.trimmingWhitespace
        bytes = Array(text.utf8)
        guard bytes.count >= Self.shortest else { return nil }
    }

    /// Why an `Authorization` header does not carry the token; `nil` if it does. The
    /// comparison takes as long wherever the first difference is.
    public func refusal(_ authorization: String?) -> String? {
        guard let authorization else { return "the request has no Authorization header; send Authorization: Bearer TOKEN" }
        let scheme = authorization.prefix(7)
        guard scheme.lowercased() == "bearer " else { return "the Authorization header is not Bearer TOKEN" }
        let given = Array(authorization.utf8.dropFirst(7))
        return Self.same(given, bytes) ? nil : "the token is not the one in the daemon's token file"
    }

    /// Whether `given` is `secret`, taking as long wherever the first difference is.
    static func same(_ given: [UInt8], _ secret: [UInt8]) -> Bool {
        var difference: UInt8 = given.count == secret.count ? 0 : 1
        for (k, byte) in secret.enumerated() { difference |= byte ^ (k < given.count ? given[k] : 0) }
        return difference == 0
    }
}

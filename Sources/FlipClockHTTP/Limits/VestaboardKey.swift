import FlipClockControl

/// The key a Vestaboard client sends (`X-Vestaboard-Local-Api-Key`) to `/local-api/message`,
/// with `[vestaboard]`: what lets it in instead of the API's bearer token.
public struct VestaboardKey: Sendable {
    /// The header that carries it, as Vestaboard's local API names it.
    public static let header = "X-Vestaboard-Local-Api-Key"
    private let bytes: [UInt8]

    /// The key in a key file's text: its first line, blanks around it dropped; `nil` if that is empty.
    public init?(fileText: String) {
        let line = fileText.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        bytes = Array(line.trimmingWhitespace.utf8)
        guard !bytes.isEmpty else { return nil }
    }

    /// Whether `given` (the header's value; `nil`: none) is the key, compared in the same time
    /// wherever they differ.
    public func accepts(_ given: String?) -> Bool {
        BearerToken.same(Array((given ?? "").utf8), bytes)
    }
}

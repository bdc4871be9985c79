/// The names an owner gives scores, faces, messages and MQTT groups: letters, digits, `-` and
/// `_` (ASCII), so a name stands as it is in an MQTT topic, a URL path and a log line.
public enum Name {
    /// The longest name of a face, a message or a group.
    public static let longest = 32
    /// The rule as the errors say it.
    public static let rule = "1 to \(longest) letters, digits, - and _"

    /// Whether `name` is spelled with letters, digits, `-` and `_` only (and is not empty).
    public static func isSpelled(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }

    /// Whether `name` follows `rule`: spelled as `isSpelled` says, at most `longest` long.
    public static func isValid(_ name: String) -> Bool {
        name.utf8.count <= longest && isSpelled(name)
    }
}

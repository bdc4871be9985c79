extension JSONValue {
    /// The deepest nesting of arrays and objects read: a request nests 2 deep, a Home
    /// Assistant config 3.
    public static let deepest = 16

    /// How deep `bytes`' arrays and objects nest, counted in one pass that stops past
    /// `limit` (brackets in strings do not count).
    public static func depth(_ bytes: some Sequence<UInt8>, limit: Int = deepest) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The JSON object `text` holds, read by ``JSONReader`` (one pass, nesting at most
    /// ``deepest``); a number too large for a `Double` is named by its key; anything else not
    /// an object is `notAnObject`.
    public static func object(reading text: String, notAnObject: String = "not a JSON object") throws(ControlError) -> [String: JSONValue] {
        var reader = JSONReader(Array(text.utf8))
        do throws(JSONReader.Failure) {
            guard case .object(let object) = try reader.value() else { throw .syntax }
            return object
        } catch .tooDeep {
            throw ControlError(.syntax, "arrays and objects nest deeper than \(deepest)")
        } catch .tooLarge(let key) {
            throw ControlError(.range, "\(key.map { "\"\($0)\"" } ?? "a number") is out of range")
        } catch {
            throw ControlError(.syntax, notAnObject)
        }
    }

    /// The value as a whole number; `nil` if it is not one, and an error naming `key` if it is
    /// one too large for an `Int` (`99999999999999999999` reads as a `Double`).
    public func wholeNumber(_ key: String) throws(ControlError) -> Int? {
        if case .number(let n) = self, n == n.rounded(.towardZero) { throw ControlError(.range, "\"\(key)\" is out of range") }
        return integer
    }
}

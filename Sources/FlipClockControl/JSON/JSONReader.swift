/// Reads JSON text into a ``JSONValue`` in one pass, its nesting bounded (``JSONValue/deepest``).
///
/// `JSONDecoder` reading a `JSONValue` tries each kind in turn, and every kind that fails is an
/// error built with its whole coding path: 135 ms of a debug build for a 4 KB line of arrays 15
/// deep, 1.4 s for 511 brackets. This reader looks at each byte once (``steps`` counts them, so
/// a test bounds the work by a count) and throws nothing but what is wrong with the text.
struct JSONReader {
    /// Why a text is not read.
    enum Failure: Error, Equatable {
        case syntax
        case tooDeep
        /// A number too large for a `Double`, and the key it is the value of.
        case tooLarge(key: String?)
    }

    private let bytes: [UInt8]
    private var at = 0
    private var depth = 0
    /// The key whose value is being read (for ``Failure/tooLarge(key:)``).
    private var key: String?
    /// Bytes looked at: never more than twice the text's length.
    private(set) var steps = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value `bytes` holds, and nothing after it but white space.
    mutating func value() throws(Failure) -> JSONValue {
        let value = try next()
        skipSpace()
        guard at == bytes.count else { throw .syntax }
        return value
    }

    private var byte: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() {
        while let b = byte, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
            at += 1
            steps += 1
        }
    }

    private mutating func expect(_ word: String) throws(Failure) {
        for b in word.utf8 {
            guard byte == b else { throw .syntax }
            at += 1
            steps += 1
        }
    }

    private mutating func next() throws(Failure) -> JSONValue {
        skipSpace()
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try number()
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= JSONValue.deepest else { throw .tooDeep }
        at += 1
        steps += 1
    }

    private mutating func object() throws(Failure) -> [String: JSONValue] {
        try enter()
        var object: [String: JSONValue] = [:]
        skipSpace()
        if byte == UInt8(ascii: "}") {
            at += 1
        } else {
            while true {
                skipSpace()
                guard byte == UInt8(ascii: "\"") else { throw .syntax }
                let name = try string()
                skipSpace()
                try expect(":")
                key = name
                object[name] = try next()
                skipSpace()
                if byte == UInt8(ascii: ",") { at += 1; continue }
                try expect("}")
                break
            }
        }
        depth -= 1
        return object
    }

    private mutating func array() throws(Failure) -> [JSONValue] {
        try enter()
        var array: [JSONValue] = []
        skipSpace()
        if byte == UInt8(ascii: "]") {
            at += 1
        } else {
            while true {
                array.append(try next())
                skipSpace()
                if byte == UInt8(ascii: ",") { at += 1; continue }
                try expect("]")
                break
            }
        }
        depth -= 1
        return array
    }

    private mutating func string() throws(Failure) -> String {
        at += 1
        var scalars = String.UnicodeScalarView()
        var run = at
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard let b = byte else { throw .syntax }
            steps += 1
            switch b {
            case UInt8(ascii: "\""):
                flush(at)
                at += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(at)
                at += 1
                scalars.append(try escaped())
                run = at
            case 0..<0x20:
                throw .syntax
            default:
                at += 1
            }
        }
    }

    /// The character an escape after `\` stands for.
    private mutating func escaped() throws(Failure) -> Unicode.Scalar {
        guard let b = byte else { throw .syntax }
        at += 1
        steps += 1
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(b)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                try expect("\\u")
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw .syntax }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw .syntax }
            return scalar
        default: throw .syntax
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard at + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else { throw .syntax }
        at += 4
        steps += 4
        return unit
    }

    /// A number as JSON writes it; whole ones that fit are `integer` (`50.0` too, as `JSONDecoder` reads it).
    private mutating func number() throws(Failure) -> JSONValue {
        let start = at
        if byte == UInt8(ascii: "-") { at += 1 }
        let first = byte
        let count = digits()
        // RFC 8259: no leading zero (`01`), as JSONDecoder refused it.
        guard count > 0, first != UInt8(ascii: "0") || count == 1 else { throw .syntax }
        var whole = true
        if byte == UInt8(ascii: ".") {
            at += 1
            whole = false
            guard digits() > 0 else { throw .syntax }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            at += 1
            whole = false
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw .syntax }
        }
        steps += at - start
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        if whole, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw .tooLarge(key: key) }
        if number == number.rounded(.towardZero), let integer = Int(exactly: number) { return .integer(integer) }
        return .number(number)
    }

    private mutating func digits() -> Int {
        let start = at
        while let b = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { at += 1 }
        return at - start
    }
}

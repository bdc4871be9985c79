/// Where a TOML document's basic string holds `\u0000` (or `\U00000000`): the parser takes it
/// as a NUL, and the text it hands over ends there, silently (`"AB\u0000CD"` read as `AB`).
///
/// A scan of a document the parser has accepted: comments and literal strings (`'…'`,
/// `'''…'''`) are passed over, and in basic strings (`"…"`, `"""…"""`) every escape is
/// read, so `\\u0000` (a backslash, then `u0000`) is not one.
enum NULEscape {
    /// The line and column (in characters) of the first such escape's backslash; `nil` for none.
    static func first(in text: String) -> (line: Int, column: Int)? {
        let s = Array(text.unicodeScalars)
        var i = 0, line = 1, lineStart = 0
        func starts(_ prefix: String, at k: Int) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return k + p.count <= s.count && Array(s[k..<k + p.count]) == p
        }
        func newline(at k: Int) {
            line += 1
            lineStart = k + 1
        }
        while i < s.count {
            let c = s[i]
            if c == "\n" {
                newline(at: i)
                i += 1
            } else if c == "#" {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if c == "'" {
                let close = starts("'''", at: i) ? "'''" : "'"
                i += close.unicodeScalars.count
                while i < s.count, !starts(close, at: i) {
                    if s[i] == "\n" { newline(at: i) }
                    i += 1
                }
                i += close.unicodeScalars.count
            } else if c == "\"" {
                let close = starts("\"\"\"", at: i) ? "\"\"\"" : "\""
                i += close.unicodeScalars.count
                while i < s.count, !starts(close, at: i) {
                    if s[i] == "\n" { newline(at: i) }
                    if s[i] == "\\" {
                        if starts("\\u0000", at: i) || starts("\\U00000000", at: i) { return (line, i - lineStart + 1) }
                        i += 1
                        if i < s.count, s[i] == "\n" { newline(at: i) }
                    }
                    i += 1
                }
                i += close.unicodeScalars.count
            } else {
                i += 1
            }
        }
        return nil
    }
}

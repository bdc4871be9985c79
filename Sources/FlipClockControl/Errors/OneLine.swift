extension String {
    /// The text as one line: every control character written out (`\n`, `\t`, `\r`,
    /// `\u{1B}`), so text from outside can neither split a reply in two nor forge a line of
    /// the log (a journal line starting `<0>` is an emergency).
    public var oneLine: String {
        guard unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 32 || scalar.value == 127: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

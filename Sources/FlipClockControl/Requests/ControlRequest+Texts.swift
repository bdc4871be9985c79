extension ControlRequest {
    /// The most rows one `text` request sets.
    public static let mostTexts = 16

    /// `NAME="TEXT" NAME="TEXT" …` after the word `text`: each text quoted (``quoted(_:)``'s
    /// escapes), each name once.
    static func textPairs(_ line: String) throws(ControlError) -> [(name: String, text: String)] {
        var rest = Substring(line).drop(while: isBlank).dropFirst(4).drop(while: isBlank)
        var pairs: [(name: String, text: String)] = []
        while !rest.isEmpty {
            let name = rest.prefix { $0 != "=" && !isBlank($0) }
            rest = rest.dropFirst(name.count)
            guard !name.isEmpty, rest.first == "=", rest.dropFirst().first == "\"" else {
                throw ControlError(.syntax, "several texts are written NAME=\"TEXT\" NAME=\"TEXT\"")
            }
            let (text, after) = try quoted(rest.dropFirst(), what: "text")
            guard after.isEmpty || isBlank(after.first!) else { throw ControlError(.syntax, "a blank separates NAME=\"TEXT\" from the next") }
            pairs.append((String(name), text))
            rest = after.drop(while: isBlank)
        }
        return try checked(pairs)
    }

    /// `pairs` if each name is there once and there are at most ``mostTexts``.
    static func checked(_ pairs: [(name: String, text: String)]) throws(ControlError) -> [(name: String, text: String)] {
        guard pairs.count <= mostTexts else { throw ControlError(.syntax, "\(pairs.count) texts; one request sets at most \(mostTexts)") }
        var seen: Set<String> = []
        for pair in pairs where !seen.insert(pair.name).inserted { throw ControlError(.syntax, "\(pair.name) is given twice") }
        return pairs
    }
}

extension ControlJSON {
    /// `{"command":"text","texts":{"NAME":"TEXT",…}}`: the rows in their names' order.
    static func textPairs(_ texts: JSONValue) throws(ControlError) -> [(name: String, text: String)] {
        guard case .object(let object) = texts, !object.isEmpty else {
            throw ControlError(.syntax, "\"texts\" is an object of text rows' names and texts, {\"NAME\": \"TEXT\"}")
        }
        var pairs: [(name: String, text: String)] = []
        for name in object.keys.sorted() {
            guard let text = object[name]?.string else { throw ControlError(.syntax, "the text of \(name.prefix(64)) is not a string") }
            pairs.append((name, text))
        }
        return try ControlRequest.checked(pairs)
    }
}

extension ControlRequest {
    /// `face NAME [for DURATION]` (a message's duration: 1 s to 24 h), `face auto`.
    static func face(_ words: [String]) throws(ControlError) -> ControlRequest {
        switch words.count {
        case 1: return .face(name: words[0] == "auto" ? nil : words[0], seconds: nil)
        case 3 where words[1] == "for" && words[0] != "auto":
            return .face(name: words[0], seconds: try heldSeconds(words[2]))
        default: throw ControlError(.syntax, "face takes a face's name and maybe for DURATION, or auto")
        }
    }

    /// `{"command":"face","face":"morning","duration":"10m"|600}`, `{"command":"face","face":"auto"}`.
    static func face(json object: [String: JSONValue]) throws(ControlError) -> ControlRequest {
        guard let name = object["face"]?.string, !name.isEmpty else {
            throw ControlError(.syntax, "face needs \"face\": a face's name, or \"auto\"")
        }
        var seconds: Int?
        if let given = object["duration"] {
            guard name != "auto" else { throw ControlError(.syntax, "\"auto\" takes no duration") }
            seconds = try heldSeconds(given.written)
        }
        return .face(name: name == "auto" ? nil : name, seconds: seconds)
    }

    /// How long a face is held, written as a message's duration is: 1 s to 24 h.
    static func heldSeconds(_ written: String) throws(ControlError) -> Int {
        do {
            return try RequestField.messageSeconds(written)
        } catch {
            // A message's words would say "a message is shown for …".
            guard error.code == .range else { throw error }
            throw ControlError(.range, "a face is held for 1s to 24h")
        }
    }
}

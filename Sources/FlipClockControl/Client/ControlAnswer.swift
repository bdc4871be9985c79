/// A reply as the client reads it back: accepted or refused, as its own form says.
///
/// The text form says so with `OK …` or `ERR <code> <reason>`; the JSON form with its `"ok"`
/// field, and a refusal's `"code"` and `"error"`.
public enum ControlAnswer: Equatable, Sendable {
    /// What an accepted reply says: the text after `OK `, or the JSON object whole.
    case accepted(String)
    /// Why the request was refused, and the reply line as it came.
    case refused(ControlError, line: String)

    /// `line` read back (without its newline); `nil` if it is neither form's reply.
    public init?(_ line: String) {
        if ControlJSON.isJSON(line) {
            guard let object = ControlJSON.object(line), let ok = object["ok"]?.bool else { return nil }
            if ok {
                self = .accepted(line)
                return
            }
            guard let code = object["code"]?.string.flatMap(ControlError.Code.init), let reason = object["error"]?.string else { return nil }
            self = .refused(ControlError(code, reason), line: line)
        } else if line == "OK" || line.hasPrefix("OK ") {
            self = .accepted(String(line.dropFirst(3)))
        } else if line.hasPrefix("ERR ") {
            let words = line.dropFirst(4).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard let code = words.first.flatMap({ ControlError.Code(rawValue: String($0)) }) else { return nil }
            self = .refused(ControlError(code, words.count > 1 ? String(words[1]) : ""), line: line)
        } else {
            return nil
        }
    }
}

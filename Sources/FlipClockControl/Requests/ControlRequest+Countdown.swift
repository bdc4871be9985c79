import FlipClockCore

extension ControlRequest {
    static let countdownUsage = "countdown takes a countdown's name and to MOMENT, since MOMENT or reset"

    /// `countdown opening to 2027-06-01T09:00`, `countdown opening since 2024-03-01`,
    /// `countdown opening reset`: the words after `countdown`.
    static func countdown(_ words: [String]) throws(ControlError) -> ControlRequest {
        switch words.count {
        case 2 where words[1] == "reset":
            return .countdown(name: words[0], target: nil)
        case 3:
            guard let direction = CountdownTarget.Direction(rawValue: words[1]) else { break }
            return .countdown(name: words[0], target: try target(direction, words[2]))
        default:
            break
        }
        throw ControlError(.syntax, countdownUsage)
    }

    /// `{"name":"opening","to":"2027-06-01T09:00"}`, `"since"` instead of `"to"`, or `"reset":true`.
    static func countdown(_ object: [String: JSONValue]) throws(ControlError) -> ControlRequest {
        let given = CountdownTarget.Direction.allCases.filter { object[$0.rawValue] != nil }
        guard let name = object["name"]?.string, given.count + (object["reset"] == true ? 1 : 0) == 1 else {
            throw ControlError(.syntax, "countdown needs \"name\" and one of \"to\" or \"since\" (a moment), or \"reset\": true")
        }
        guard let direction = given.first else { return .countdown(name: name, target: nil) }
        guard let moment = object[direction.rawValue]?.string else {
            throw ControlError(.syntax, "\"\(direction.rawValue)\" is \(CountdownTarget.form)")
        }
        return .countdown(name: name, target: try target(direction, moment))
    }

    private static func target(_ direction: CountdownTarget.Direction, _ moment: String) throws(ControlError) -> CountdownTarget {
        guard let target = CountdownTarget(direction, parsing: moment) else {
            throw ControlError(CountdownTarget.isShaped(moment) ? .range : .syntax, "\"\(moment.prefix(64))\" is not \(CountdownTarget.form)")
        }
        return target
    }
}

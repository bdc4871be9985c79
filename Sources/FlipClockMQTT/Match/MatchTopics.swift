import FlipClockControl
import FlipClockCore

/// The topics of the match under `T` (``MatchSettings/topic``), the lead connection's client id,
/// and what their payloads say that leadership reads (docs/match-leadership.md).
public struct MatchTopics: Equatable, Sendable {
    public let base: String

    public init(_ base: String) { self.base = base }

    /// Named by the lead connection right after it connects; emptied by its will.
    public var leader: String { "\(base)/leader" }
    /// The match state, published by the lead connection only.
    public var state: String { "\(base)/state" }
    /// Every clock's report of itself.
    public var screens: String { "\(base)/screens/+" }
    public func screen(_ node: String) -> String { "\(base)/screens/\(node)" }

    /// The node `topic` reports on, if it is one of `T/screens/+`.
    public func screenNode(_ topic: String) -> String? {
        let prefix = "\(base)/screens/"
        guard topic.hasPrefix(prefix) else { return nil }
        let node = topic.dropFirst(prefix.utf8.count)
        return node.isEmpty || node.contains("/") ? nil : String(node)
    }

    /// The one client id every lead connection of this match uses, so the broker keeps at most
    /// one: `flipclock-lead-` and the first 12 hex digits of the topic's FNV-1a 64 hash.
    public var leadClientID: String {
        "flipclock-lead-" + FNV1a.hex(base.utf8).prefix(12)
    }

    /// The largest `T/state` payload taken: 64 KiB.
    public static let largestState = 65536
    /// The longest node name read from `T/leader` or a state.
    static let longestNode = 200

    /// What leadership reads of a `T/state` payload: who published it, its place in their count,
    /// and when (the leader's wall instant, seconds since 1970).
    public struct StateHeader: Equatable, Sendable {
        public var leader: String
        public var seq: Int
        public var at: Double
    }

    /// The header of `payload`, or what is wrong with it.
    public static func header(_ payload: [UInt8]) throws(ControlError) -> StateHeader {
        guard payload.count <= largestState else { throw ControlError(.tooLong, "the state is \(payload.count) bytes; at most \(largestState)") }
        let object = try JSONValue.object(reading: String(decoding: payload, as: UTF8.self), notAnObject: "the state is not a JSON object")
        guard object["v"]?.integer == 1 else { throw ControlError(.syntax, "the state's \"v\" is not 1") }
        guard let leader = object["leader"]?.string, (1...longestNode).contains(leader.utf8.count) else {
            throw ControlError(.syntax, "the state's \"leader\" is not a node name")
        }
        guard let seq = try object["seq"]?.wholeNumber("seq"), seq >= 0 else { throw ControlError(.syntax, "the state's \"seq\" is not a count") }
        guard let at = object["at"]?.seconds, at.isFinite else { throw ControlError(.syntax, "the state's \"at\" is not an instant") }
        return StateHeader(leader: leader, seq: seq, at: at)
    }

    /// The node a `T/leader` payload names; `nil` for an empty one (nobody leads) or one that
    /// names nobody.
    public static func leaderNode(_ payload: [UInt8]) -> String? {
        guard !payload.isEmpty, payload.count <= 1024,
            let node = ControlJSON.object(String(decoding: payload, as: UTF8.self))?["node"]?.string,
            (1...longestNode).contains(node.utf8.count)
        else { return nil }
        return node
    }

    /// `T/leader`'s payload: `{"node":NODE,"since":SECONDS}`.
    static func leaderPayload(node: String, since: Double) -> String {
        ControlJSON.line(["node": .string(node), "since": .number(milliseconds(since))])
    }

    /// The state to publish: the clock's `content` (a JSON object) with `v`, `leader`, `seq`
    /// and `at` added; what is wrong with it otherwise.
    static func statePayload(content: String, leader: String, seq: Int, at: Double) throws(ControlError) -> String {
        var object = try JSONValue.object(reading: content, notAnObject: "the clock's match is not a JSON object")
        object["v"] = 1
        object["leader"] = .string(leader)
        object["seq"] = .integer(seq)
        object["at"] = .number(milliseconds(at))
        let line = ControlJSON.line(.object(object))
        guard line.utf8.count <= largestState else { throw ControlError(.tooLong, "the state is \(line.utf8.count) bytes; at most \(largestState)") }
        return line
    }

    /// `seconds` rounded to the millisecond.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension JSONValue {
    /// A number, whole or not.
    var seconds: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let n): n
        default: nil
        }
    }
}

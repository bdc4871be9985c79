import FlipClockControl
import FlipClockCore

/// The screens of the match as each reports itself on `T/screens/NODE` (retained): which
/// follow, how late, which lost their leader. What the operator page lists.
public struct MatchScreens: Equatable, Sendable {
    /// One clock's report.
    public struct Screen: Equatable, Sendable {
        public var node: String
        /// What a person calls it: the clock's `[mqtt]` base topic (`flipclock/hall-left`).
        public var name: String?
        public var role: MatchSettings.Role
        public var leading: Bool
        public var lost: Bool
        /// The `seq` of the last state it applied (or published, leading).
        public var seq: Int?
        /// Its receive instant less the state's `at`, of the last state it applied, in ms.
        public var latenessMilliseconds: Double?
        /// When it reported (its wall clock, seconds since 1970): it reports every minute, so
        /// a report older than ``MatchScreens/stale`` is of a clock gone without a word.
        public var at: Double

        /// The retained report: `{"node":…,"role":…,"leading":…,"lost":…,"seq":…,"lateness_ms":…,"at":…}`.
        public var payload: String {
            var object: [String: JSONValue] = [
                "node": .string(node), "role": .string(role.rawValue), "leading": .bool(leading), "lost": .bool(lost),
                "at": .number(MatchTopics.milliseconds(at)),
            ]
            if let seq { object["seq"] = .integer(seq) }
            if let latenessMilliseconds { object["lateness_ms"] = .number((latenessMilliseconds * 10).rounded() / 10) }
            if let name { object["name"] = .string(name) }
            return ControlJSON.line(.object(object))
        }

        /// The report `payload` holds for `node`; `nil` if it is not one.
        public init?(node: String, payload: [UInt8]) {
            guard payload.count <= 1024, let object = ControlJSON.object(String(decoding: payload, as: UTF8.self)),
                object["node"]?.string == node, let role = object["role"]?.string.flatMap(MatchSettings.Role.init(rawValue:)),
                let leading = object["leading"]?.bool, let lost = object["lost"]?.bool, let at = object["at"]?.seconds
            else { return nil }
            self.init(
                node: node, role: role, leading: leading, lost: lost, seq: object["seq"]?.integer,
                latenessMilliseconds: object["lateness_ms"]?.seconds,
                at: at, name: object["name"]?.string)
        }

        public init(
            node: String, role: MatchSettings.Role, leading: Bool, lost: Bool, seq: Int?, latenessMilliseconds: Double?, at: Double,
            name: String? = nil
        ) {
            self.node = node
            self.name = name
            self.role = role
            self.leading = leading
            self.lost = lost
            self.seq = seq
            self.latenessMilliseconds = latenessMilliseconds
            self.at = at
        }
    }

    /// The most screens kept: reports of more nodes are not read.
    public static let most = 64
    /// How old a report may be before its clock counts as gone: it reports every minute.
    public static let stale = 150.0

    /// By node.
    public private(set) var all: [String: Screen] = [:]

    public init() {}

    /// A report on `T/screens/node`: kept, replaced, or (empty) removed; `false` if not read.
    mutating func report(node: String, payload: [UInt8]) -> Bool {
        guard !payload.isEmpty else {
            all[node] = nil
            return true
        }
        guard let screen = Screen(node: node, payload: payload), all[node] != nil || all.count < Self.most else { return false }
        all[node] = screen
        return true
    }

    /// The screens in node order, each with whether its report is fresh at `wall`.
    public func listed(wall: Double) -> [(screen: Screen, fresh: Bool)] {
        all.values.sorted { $0.node < $1.node }.map { ($0, wall - $0.at <= Self.stale) }
    }
}

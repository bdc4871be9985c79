/// What a match keeps of its two teams besides the scores: which has the possession arrow,
/// and the penalties being served (ice hockey's two and five minutes), which run only while
/// the game clock runs.
public struct GameTeams: Equatable, Sendable {
    public enum Team: String, CaseIterable, Sendable {
        case home, away
    }

    /// A penalty being served: its team, and its own countdown.
    public struct Penalty: Equatable, Sendable {
        public let team: Team
        public var clock: RunningClock

        public init(team: Team, clock: RunningClock) {
            self.team = team
            self.clock = clock
        }
    }

    /// The team the possession arrow points to; `nil`: neither.
    public var possession: Team?
    public private(set) var penalties: [Penalty]

    /// The most penalties a team serves at once.
    public static let mostPenalties = 4
    /// The longest penalty: 9:59 (a penalty's cards show M:SS).
    public static let longestPenalty: Int64 = 599_000

    public init(possession: Team? = nil, penalties: [Penalty] = []) {
        self.possession = possession
        self.penalties = Array(penalties.prefix(2 * Self.mostPenalties))
    }

    /// Starts the penalties' clocks with the game clock's.
    mutating func start(at now: WallInstant) {
        for k in penalties.indices where penalties[k].clock.milliseconds(at: now) > 0 { penalties[k].clock.start(at: now) }
    }

    mutating func stop(at now: WallInstant) {
        for k in penalties.indices { penalties[k].clock.stop(at: now) }
    }

    /// Adds a penalty of `ms` for `team`, running if the game clock runs; those served are dropped first.
    mutating func add(_ team: Team, _ ms: Int64, running: Bool, at now: WallInstant) throws(GameError) {
        guard ms > 0, ms <= Self.longestPenalty else { throw .outOfRange("penalty", ms) }
        penalties.removeAll { $0.clock.milliseconds(at: now) == 0 }
        guard penalties.filter({ $0.team == team }).count < Self.mostPenalties else { throw .tooManyPenalties(team.rawValue) }
        penalties.append(Penalty(team: team, clock: RunningClock(.down, milliseconds: ms, since: running ? now : nil)))
    }

    mutating func clear(_ team: Team) { penalties.removeAll { $0.team == team } }

    /// The penalty `team` is serving that ends first, as its cards show it (`2:00`); `nil`: none.
    public func penaltyText(_ team: Team, at now: WallInstant) -> String? {
        let left = penalties.filter { $0.team == team }.map { $0.clock.milliseconds(at: now) }.filter { $0 > 0 }
        guard let ms = left.min() else { return nil }
        let s = (ms + 999) / 1000
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }

    /// The possession arrow's card: `«` for home (on the left), `»` for away.
    public var possessionText: String? {
        possession.map { $0 == .home ? "«" : "»" }
    }

    /// The next instant after `now` at which a running penalty's seconds change.
    func nextChange(after now: WallInstant) -> WallInstant? {
        penalties.compactMap { p -> WallInstant? in
            let ms = p.clock.milliseconds(at: now)
            guard p.clock.isRunning, let next = GameClockText.nextChange(ms, .down, tenthsBelow: 0, minutes: false) else { return nil }
            return p.clock.reaches(next)
        }.filter { $0 > now }.min()
    }
}

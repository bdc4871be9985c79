/// Something a row of the face shows: a clock, the date, a score, a timer, a text or a
/// game's clock.
public enum FaceItem: Equatable, Sendable {
    case clock(ClockItem)
    case date(DateItem)
    case score(ScoreItem)
    case timer(TimerItem)
    case text(TextItem)
    case game(GameItem)
    /// A set sport's points, games, sets, serve or a set's score.
    case set(SetItem)
    /// Days (hours, minutes) to or since a moment.
    case countdown(CountdownItem)

    /// The name `[[row]] show` uses.
    public var name: String {
        switch self {
        case .clock(let c): c.name
        case .date: DateItem.name
        case .score(let s): s.name
        case .timer(let t): t.name
        case .text(let t): t.name
        case .game(let g): g.name
        case .set(let s): s.name
        case .countdown(let c): c.name
        }
    }

    public var label: String {
        switch self {
        case .clock(let c): c.label
        case .date(let d): d.label
        case .score(let s): s.label
        case .timer(let t): t.label
        case .text(let t): t.label
        case .game(let g): g.label
        case .set(let s): s.label
        case .countdown(let c): c.label
        }
    }

    /// Its cards, in groups (hours and minutes; a timer's minutes and seconds).
    public var groups: [[FaceLayout.CardShape]] {
        let digit = FaceLayout.CardShape(aspect: TimeFormat.digitAspect)
        switch self {
        case .clock(let c): return c.time.groups
        case .date(let d): return d.groupsOfCards
        case .score(let s): return [Array(repeating: digit, count: s.digits)]
        case .timer: return [[digit, digit], [digit, digit]]
        case .text(let t): return t.groups
        case .game(let g): return g.groups
        case .set(let s): return s.groups
        case .countdown(let c): return c.groups
        }
    }

    public var cardCount: Int { groups.reduce(0) { $0 + $1.count } }
}

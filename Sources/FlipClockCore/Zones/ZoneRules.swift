/// A time zone's rules: which ``LocalTimeType`` holds at each instant, from the transitions a
/// TZif file lists and, after the last one, its TZ string.
///
/// The zone database is the system's (Debian's tzdata, the files glibc and every other
/// program read); the daemon reads a zone's file and hands its bytes to
/// ``init(identifier:tzif:)``, so the core does no IO and carries no zone data of its own.
public struct ZoneRules: Equatable, Sendable {
    /// The IANA name (`Europe/Berlin`), or what else named the zone (`$TZ`'s string).
    public var identifier: String
    /// Unix seconds at which the local time type changes, ascending.
    var transitions: [Int]
    /// The index in ``types`` of the type in force from each transition on.
    var typeIndices: [Int]
    /// The local time types; the first holds before the first transition.
    var types: [LocalTimeType]
    /// The rule after the last transition (for ever when there is none); `nil`: the last
    /// transition's type holds for ever.
    var rule: TZString?

    init(identifier: String, transitions: [Int], typeIndices: [Int], types: [LocalTimeType], rule: TZString?) {
        precondition(!types.isEmpty && transitions.count == typeIndices.count, "a zone needs a type for each transition")
        self.identifier = identifier
        self.transitions = transitions
        self.typeIndices = typeIndices
        self.types = types
        self.rule = rule
    }

    /// A zone that shows `type` at every instant.
    public init(identifier: String, fixed type: LocalTimeType) {
        self.init(identifier: identifier, transitions: [], typeIndices: [], types: [type], rule: nil)
    }

    /// A zone that follows `rule` in every year.
    public init(identifier: String, rule: TZString) {
        self.init(identifier: identifier, transitions: [], typeIndices: [], types: [rule.standard], rule: rule)
    }

    public static let utc = ZoneRules(identifier: "UTC", fixed: .utc)

    /// What the zone's clocks show at `instant`.
    public func localTimeType(at instant: WallInstant) -> LocalTimeType { localTimeType(atSecond: instant.unixSeconds) }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: WallInstant) -> Int { localTimeType(atSecond: instant.unixSeconds).offset }

    /// What the zone's clocks show in the second `unixSeconds` after 1970: transitions are whole seconds.
    func localTimeType(atSecond unixSeconds: Int) -> LocalTimeType {
        // How many transitions have happened by then.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= unixSeconds { low = middle + 1 } else { high = middle }
        }
        if low == transitions.count, let rule { return rule.localTimeType(atSecond: unixSeconds) }
        return low == 0 ? types[0] : types[typeIndices[low - 1]]
    }

    /// The instant at which a wall clock in this zone shows `time` on `day`.
    ///
    /// In the hour repeated when the clocks go back, the first time it is shown; in the hour
    /// skipped when they go forward, as long after the change as `time` is after it (02:30 is
    /// read as 03:30), as mktime and ICU read it.
    public func instant(showing time: WallTime, on day: CalendarDay) -> WallInstant {
        func offset(_ second: Int) -> Int { localTimeType(atSecond: second).offset }
        let local = day.daysSinceEpoch * 86400 + time.secondOfDay
        // No zone is a day away from UTC, so the offsets a day before and after are those
        // that can apply (zones have never changed twice within two days).
        let before = offset(local - 86400), after = offset(local + 86400)
        let shown = [before, after].filter { offset(local - $0) == $0 }.map { local - $0 }
        return WallInstant(unixSeconds: shown.min() ?? local - before)
    }

    /// The instants in `range` at which the local time type changes: the listed transitions,
    /// then the rule's.
    func changes(in range: Range<Int>) -> [Int] {
        var changes = transitions.filter(range.contains)
        let last = transitions.last ?? Int.min
        let from = max(range.lowerBound, last), to = range.upperBound
        if let rule, from < to {
            for year in CalendarDay(daysSinceEpoch: from.floorDivided(by: 86400)).year...CalendarDay(daysSinceEpoch: to.floorDivided(by: 86400)).year
            {
                guard let change = rule.changes(inYear: year) else { break }
                changes += [change.start, change.end].filter { $0 > last && range.contains($0) }
            }
        }
        return changes.sorted()
    }
}

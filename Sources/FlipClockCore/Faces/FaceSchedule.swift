/// Which face the screens show: the `[[face]]` whose days and hours hold, or several taking
/// turns, or none (the `[[row]]` face, ``defaultName``).
///
/// Read on the face's own wall clock, as ``NightSchedule`` is: seconds since 1970 there (a
/// count that keeps going past midnight), the offset from UTC passed in. A face's period
/// starts on one of its days and may end on the next (`fri 22:00-02:00` shows on Saturday at
/// 01:00). Faces in force together take turns in file order, each for its own seconds; the
/// turns are anchored to the wall clock (the position is the seconds since the day's start
/// modulo the turns' cycle), so every screen, every clock and a restart agree.
public struct FaceSchedule: Equatable, Sendable {
    public var faces: [ScheduledFace]
    /// Where the sun is watched from (`[sun]`); hours that follow the sun need one.
    public var place: Coordinates?

    /// The `[[row]]` face's name, in reports.
    public static let defaultName = "default"

    public init(faces: [ScheduledFace] = [], place: Coordinates? = nil) {
        self.faces = faces
        self.place = place
    }

    /// The faces (their indices) whose days and hours hold at `minute` (counted as
    /// ``ClockReading/minute(in:)`` counts, `offset` seconds east of UTC), in file order.
    public func inForce(atMinute minute: Int, offset: Int = 0) -> [Int] {
        let day = minute.floorDivided(by: 1440)
        return faces.indices.filter { i in
            let face = faces[i]
            guard let hours = face.hours else { return face.days.contains(daySinceEpoch: day) }
            return (day - 2...day).contains { d in
                face.days.contains(daySinceEpoch: d) && hours.span(startingOn: d, offset: offset, place: place)?.contains(minute) == true
            }
        }
    }

    /// The face shown at `second` (seconds since 1970 on the wall clock); `nil`: the `[[row]]`
    /// face.
    public func face(atSecond second: Int, offset: Int = 0) -> ScheduledFace? {
        turn(atSecond: second, among: inForce(atMinute: second.floorDivided(by: 60), offset: offset)).map { faces[$0] }
    }

    /// Which of `turns` (indices in file order) is shown at `second`.
    private func turn(atSecond second: Int, among turns: [Int]) -> Int? {
        guard turns.count > 1 else { return turns.first }
        let cycle = turns.reduce(0) { $0 + faces[$1].seconds }
        var position = Self.secondOfDay(second) % cycle
        for i in turns {
            if position < faces[i].seconds { return i }
            position -= faces[i].seconds
        }
        return nil
    }

    /// How many seconds after `second` the face shown next changes, or the faces taking turns
    /// do (a wake that changes nothing is harmless); without `turns`, only when the faces in
    /// force change. `nil` if nothing changes within two days.
    public func secondsUntilChange(after second: Int, offset: Int = 0, turns counted: Bool = true) -> Int? {
        let minute = second.floorDivided(by: 60), day = minute.floorDivided(by: 1440)
        let turns = inForce(atMinute: minute, offset: offset)
        let now = (turn(atSecond: second, among: turns), turns)
        // The faces in force change only where a period starts or ends, or at midnight.
        var candidates = Set((day - 2...day + 2).map { $0 * 86400 })
        for face in faces {
            guard let hours = face.hours else { continue }
            for d in day - 2...day + 2 {
                guard let span = hours.span(startingOn: d, offset: offset, place: place) else { continue }
                candidates.insert(span.lowerBound * 60)
                candidates.insert(span.upperBound * 60)
            }
        }
        if counted, turns.count > 1 {
            // The end of this turn, and of the first turn after midnight (the turns start again
            // there, the first face's perhaps continuing).
            let midnight = (second.floorDivided(by: 86400) + 1) * 86400
            candidates.insert(midnight + faces[turns[0]].seconds)
            let cycle = turns.reduce(0) { $0 + faces[$1].seconds }
            var position = Self.secondOfDay(second) % cycle, ends = second
            for i in turns {
                if position < faces[i].seconds {
                    ends += faces[i].seconds - position
                    break
                }
                position -= faces[i].seconds
            }
            candidates.insert(ends)
        }
        return candidates.filter { $0 > second }.sorted().first { s in
            let then = inForce(atMinute: s.floorDivided(by: 60), offset: offset)
            return (counted && turn(atSecond: s, among: then) != now.0) || then != now.1
        }.map { $0 - second }
    }

    /// The face shown at `reading`; `nil`: the `[[row]]` face.
    public func face(at reading: ClockReading) -> ScheduledFace? { face(atSecond: Self.second(of: reading), offset: reading.offset) }

    /// The name of the face shown at `reading` (``defaultName`` for the `[[row]]` face).
    public func name(at reading: ClockReading) -> String { face(at: reading)?.name ?? Self.defaultName }

    /// The instant after `reading` (at its offset) at which the face shown next changes (without
    /// `turns`: the faces in force); `nil` if it never does. Hours that follow the sun are
    /// looked at again at least every day.
    public func nextChange(after reading: ClockReading, turns: Bool = true) -> WallInstant? {
        guard !faces.isEmpty else { return nil }
        let second = Self.second(of: reading)
        let ahead = secondsUntilChange(after: second, offset: reading.offset, turns: turns)
        return (ahead ?? (followsTheSun ? 86400 : nil)).map { WallInstant(unixSeconds: second + $0 - reading.offset) }
    }

    /// Whether some face's hours follow the sun: its changes move from day to day.
    public var followsTheSun: Bool { faces.contains { $0.hours?.followsTheSun == true } }

    /// Seconds since the wall clock's midnight.
    static func secondOfDay(_ second: Int) -> Int { second - second.floorDivided(by: 86400) * 86400 }

    /// Seconds since 1970 on the face's own wall clock.
    static func second(of reading: ClockReading) -> Int { reading.minute() * 60 + reading.time().second }
}

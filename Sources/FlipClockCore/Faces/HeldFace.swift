/// A face a person asked for (`face NAME [for DURATION]`), shown instead of the schedule's
/// until its time is up or the faces in force next change, whichever comes first.
public struct HeldFace: Equatable, Sendable {
    /// A `[[face]]`'s name, or ``FaceSchedule/defaultName`` for the `[[row]]` face.
    public var name: String
    /// When the schedule takes over again; `nil`: not until told (`face auto`) or a reload.
    public var until: WallInstant?

    /// `name` held from `reading` for `seconds` at most (`nil`: no limit of its own), and no
    /// longer than `schedule`'s next change of the faces in force.
    public init(_ name: String, seconds: Int?, at reading: ClockReading, schedule: FaceSchedule) {
        self.name = name
        let ends = [seconds.map { reading.instant + .seconds($0) }, schedule.nextChange(after: reading, turns: false)].compactMap { $0 }
        until = ends.min()
    }

    /// Whether it still holds at `instant`.
    public func holds(at instant: WallInstant) -> Bool { until.map { instant < $0 } ?? true }

    /// The face shown at `reading` with `held` (if any) over `schedule`: `nil` is the `[[row]]` face.
    public static func shown(at reading: ClockReading, held: HeldFace?, schedule: FaceSchedule) -> String? {
        guard let held, held.holds(at: reading.instant) else { return schedule.face(at: reading)?.name }
        return held.name == FaceSchedule.defaultName ? nil : held.name
    }
}

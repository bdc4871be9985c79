import FlipClockControl
import FlipClockCore

extension ClockState {
    /// The `[[face]]` the screens should show at `reading`: one held by a request while it
    /// holds, else the schedule's; `nil` is the `[[row]]` face.
    func faceShown(at reading: ClockReading) -> String? {
        HeldFace.shown(at: reading, held: heldFace, schedule: configuration.faces)
    }

    /// When the face shown next changes after `reading`: a held face's end, or the schedule's
    /// next change once no face is held.
    mutating func faceChange(after reading: ClockReading) -> WallInstant? {
        if let held = heldFace, held.holds(at: reading.instant) { return held.until }
        let faces = configuration.faces
        return facesAhead.next(after: reading.instant, offset: reading.offset) { faces.nextChange(after: reading) }
    }

    /// `face NAME [for DURATION]` and `face auto` (`name` `nil`): holds the face, or gives the
    /// screens back to the schedule; the reply names the face shown from now and, for a held
    /// one, when the schedule takes over.
    mutating func holdFace(_ name: String?, seconds: Int?, at moment: Moment) throws(ControlError) -> ControlReply {
        guard let name else {
            heldFace = nil
            return .face(faceShown(at: moment.reading) ?? FaceSchedule.defaultName, until: nil)
        }
        let known = [FaceSchedule.defaultName] + configuration.faces.faces.map(\.name)
        guard known.contains(name) else { throw ControlError(.unknownFace, unknownName(name, kind: "face", known: known)) }
        let held = HeldFace(name, seconds: seconds, at: moment.reading, schedule: configuration.faces)
        heldFace = held
        // The wall clock's time of day at the end, in the clock's zone at this reading.
        let until = held.until.map { ClockReading($0, offsets: moment.reading.offsets).time() }
        return .face(name, until: until)
    }
}

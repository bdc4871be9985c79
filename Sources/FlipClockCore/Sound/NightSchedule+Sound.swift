extension NightSchedule {
    /// Whether the schedule silences the clock at `reading`: while it dims or darkens the
    /// screen, the sound is off too.
    public func silences(at reading: ClockReading) -> Bool {
        brightness(atMinute: reading.minute(), offset: reading.offset) < 1
    }
}

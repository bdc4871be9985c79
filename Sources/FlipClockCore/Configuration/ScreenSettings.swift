/// What one screen shows and how: `[output]`'s defaults, or a connector's own
/// `[output.screen.NAME]` table.
///
/// Every screen shows the configured face laid out for its own size and rotation, or the
/// rows it names itself.
public struct ScreenSettings: Equatable, Sendable {
    /// `rotation`: how the picture is turned on the output.
    public var rotation: ScreenRotation
    /// `mode`: `WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ`; `nil` is the display's preferred mode.
    public var mode: String?
    /// `rows`: what this screen shows, a row a string of names (`"tokyo london"`); `nil`
    /// shows the `[[row]]` of the whole configuration.
    public var rows: [[String]]?

    public init(rotation: ScreenRotation = .none, mode: String? = nil, rows: [[String]]? = nil) {
        self.rotation = rotation
        self.mode = mode
        self.rows = rows
    }
}

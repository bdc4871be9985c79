/// Everything the configuration file sets, validated, with the defaults the file documents.
public struct ClockConfiguration: Equatable, Sendable {
    /// Where frames go.
    public enum OutputKind: String, CaseIterable, Sendable {
        /// DRM/KMS if a display is connected, else the framebuffer device, else PNG frames.
        case auto
        /// DRM/KMS: ``ClockConfiguration/device`` or the first card with a connected display.
        case drm
        /// The Linux framebuffer device (``ClockConfiguration/device`` or `/dev/fb0`).
        case fbdev
        /// PNG frames in ``ClockConfiguration/imageDirectory``.
        case png
    }

    /// `[clock]`: what the face shows.
    public var face = TimeFace()
    /// `clock.time_zone`: an IANA zone name; `nil` is the system's zone.
    public var timeZone: String? = nil

    /// `[[score]]`: scores shown in a row under the time, set from outside.
    public var scores: [ScoreDisplay] = []
    /// `[[timer]]`: timers shown after the scores, started and stopped from outside.
    public var timers: [TimerDisplay] = []

    /// `[look]`: colours and proportions.
    public var style = CardStyle.classic
    /// `look.font`: a font file by path.
    public var fontPath = ClockConfiguration.defaultFontPath
    public var spacing = FaceLayout.Spacing()

    /// `[flip]`: the animation.
    public var timing = FlipTiming.standard
    /// `flip.perspective`: eye distance in card heights.
    public var perspective = 5.0
    /// `flip.shading`: 0 (flat) … 1 (standard light and shadow).
    public var shading = 1.0

    /// `[output]`.
    public var output = OutputKind.auto
    /// `output.device`: a DRM card (`/dev/dri/card1`) or framebuffer (`/dev/fb0`); `nil` finds one.
    public var device: String? = nil
    /// `output.connectors`: the connectors that show the clock, by the kernel's names
    /// (`HDMI-A-1`); empty is every connected one, including those plugged in later.
    public var connectors: [String] = []
    /// `output.rotation` and `output.mode`: every screen's settings unless its own say otherwise.
    public var screen = ScreenSettings()
    /// `[output.screen.NAME]`: a connector's own settings, by the kernel's name.
    public var screens: [String: ScreenSettings] = [:]
    public var imageDirectory = "/var/lib/flipclock/frames"
    /// `output.size` for the image output: `WIDTHxHEIGHT`.
    public var imageWidth = 1280
    public var imageHeight = 800

    /// `[control]`: the control socket and the group that may use it (`""`: the daemon's own).
    public var controlSocket = "/run/flipclock/control.sock"
    public var controlGroup: String? = "flipclock"
    /// `[state]`: where scores are kept across restarts.
    public var stateFile = "/var/lib/flipclock/state.json"

    public init() {}

    /// The settings of the screen on `connector` (`nil`: an output without connectors, such
    /// as the framebuffer or PNG frames).
    public func screen(_ connector: String?) -> ScreenSettings {
        connector.flatMap { screens[$0] } ?? screen
    }

    /// Roboto Condensed Bold from Debian's `fonts-roboto-unhinted`: tabular digits that read
    /// from across a room.
    public static let defaultFontPath = "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf"

    /// The layout of this configuration's face on a `width` × `height` output: the time, and
    /// under it a row of the scores, each with its label.
    public func layout(width: Int, height: Int) -> FaceLayout {
        var rows = [FaceLayout.Row(groups: face.groups)]
        if !scores.isEmpty || !timers.isEmpty {
            let digit = FaceLayout.CardShape(aspect: TimeFace.digitAspect)
            // A timer is two groups, minutes and seconds, under one label.
            rows.append(FaceLayout.Row(
                groups: scores.map { Array(repeating: digit, count: $0.digits) } + timers.flatMap { _ in [[digit, digit], [digit, digit]] },
                labels: scores.map(\.label) + timers.map(\.label),
                spans: scores.map { _ in 1 } + timers.map { _ in 2 }
            ))
        }
        return FaceLayout.fit(rows: rows, width: width, height: height, spacing: spacing)
    }
}

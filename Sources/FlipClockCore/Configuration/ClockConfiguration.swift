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
    /// `clock.label`: the text under the face's own clock.
    public var clockLabel = ""
    /// `[[place]]`: more clocks, each in its own zone (a world-clock row).
    public var places: [ClockDisplay] = []
    /// `[date]`: the date, when the file has the table.
    public var date: DateDisplay? = nil
    /// `[[text]]`: rows of letter cards set from outside.
    public var texts: [TextDisplay] = []
    /// `[[row]] show`: what each row shows, by name; `nil` for the arrangement of
    /// ``defaultRows``.
    public var rowNames: [[String]]? = nil
    /// Items not shown now, by name (timers that hide when idle): not read from the file.
    public var hiddenItems: Set<String> = []

    /// `[[score]]`: scores shown in a row under the time, set from outside.
    public var scores: [ScoreDisplay] = []
    /// `[[timer]]`: timers shown after the scores, started and stopped from outside.
    public var timers: [TimerDisplay] = []

    /// `[[night]]`: when the screen dims or goes dark.
    public var night = NightSchedule()
    /// `output.backlight`: `auto` (the first in `/sys/class/backlight`), `none`, or a device's folder.
    public var backlight = "auto"

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

    /// The face's own clock.
    public var clock: ClockDisplay { ClockDisplay(label: clockLabel, face: face) }

    /// Everything the file defines that a row can show, in the order of the file's tables.
    public var items: [FaceItem] {
        [.clock(clock)] + places.map { .clock($0) } + (date.map { [.date($0)] } ?? [])
            + scores.map { .score($0) } + timers.map { .timer($0) } + texts.map { .text($0) }
    }

    /// Without `[[row]]`: the time; the places; the date; the scores and timers; each text.
    public var defaultRows: [[String]] {
        var rows = [[ClockDisplay.ownName]]
        if !places.isEmpty { rows.append(places.map(\.name)) }
        if date != nil { rows.append([DateDisplay.name]) }
        if !scores.isEmpty || !timers.isEmpty { rows.append(scores.map(\.name) + timers.map(\.name)) }
        rows += texts.map { [$0.name] }
        return rows
    }

    /// What each row shows, top to bottom; a row whose items are all hidden is not there.
    public var rows: [[FaceItem]] {
        let byName = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = (rowNames ?? defaultRows).map { $0.filter { !hiddenItems.contains($0) }.compactMap { byName[$0] } }
        return shown.filter { !$0.isEmpty }
    }

    /// The layout of this configuration's face on a `width` × `height` output: its rows, each
    /// item's label under its cards. A row too wide for the screen (a world clock on a
    /// portrait screen) is broken into a row per item when that makes the cards larger.
    public func layout(width: Int, height: Int) -> FaceLayout {
        arrangement(width: width, height: height).layout
    }

    /// The rows as a `width` × `height` output shows them, and their layout: as written, or
    /// a row per item when that makes the cards larger by a quarter.
    public func arrangement(width: Int, height: Int) -> (rows: [[FaceItem]], layout: FaceLayout) {
        let rows = self.rows
        let asWritten = FaceLayout.fit(rows: rows.map(Self.layoutRow), width: width, height: height, spacing: spacing)
        guard rows.contains(where: { $0.count > 1 }) else { return (rows, asWritten) }
        let brokenRows = rows.flatMap { $0.map { [$0] } }
        let broken = FaceLayout.fit(rows: brokenRows.map(Self.layoutRow), width: width, height: height, spacing: spacing)
        let size = { (layout: FaceLayout) in layout.slots.first?.rect.height ?? 0 }
        return size(broken) > size(asWritten) * 5 / 4 ? (brokenRows, broken) : (rows, asWritten)
    }

    /// A row of items as the layout sees it: their groups, a label under each item's groups.
    public static func layoutRow(_ items: [FaceItem]) -> FaceLayout.Row {
        FaceLayout.Row(groups: items.flatMap(\.groups), labels: items.map(\.label), spans: items.map { $0.groups.count })
    }
}

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
    public var time = TimeFormat()
    /// `clock.time_zone`: an IANA zone name; `nil` is the system's zone.
    public var timeZone: String? = nil
    /// `clock.label`: the text under the face's own clock.
    public var clockLabel = ""
    /// `clock.unsynced`: what the face shows while the time is not synchronised.
    public var unsynced = TimeSync.Unsynced.mark
    /// `[[place]]`: more clocks, each in its own zone (a world-clock row).
    public var places: [ClockItem] = []
    /// `[date]`: the date, when the file has the table.
    public var date: DateItem? = nil
    /// `[[text]]`: rows of letter cards set from outside.
    public var texts: [TextItem] = []
    /// `[vestaboard]`: Vestaboard's local API on the HTTP API's server, and the six text rows
    /// it writes (``Vestaboard/rowItems``); `nil` (the default): none.
    public var vestaboard: VestaboardSettings? = nil
    /// `[[row]] show`: what each row shows, by name; `nil` for the arrangement of
    /// ``defaultRows``.
    public var rowNames: [[String]]? = nil
    /// `[[face]]`: more faces, shown by weekday and time of day or taking turns; without one in
    /// force, the `[[row]]` face.
    public var faces = FaceSchedule()

    /// `[[score]]`: scores shown in a row under the time, set from outside.
    public var scores: [ScoreItem] = []
    /// `[[timer]]`: timers shown after the scores, started and stopped from outside.
    public var timers: [TimerItem] = []
    /// `[[countdown]]`: days to or since a moment, shown after the texts.
    public var countdowns: [CountdownItem] = []
    /// `[[message]]`: messages the clock posts by itself, on days of the week or a date.
    public var messages: [ScheduledMessage] = []
    /// `[game]`: a match's clocks, run by an operator; `nil` (the default): none.
    public var game: GameSettings?
    /// `[sets]`: a match counted in points and sets; `nil` (the default): none.
    public var sets: SetSettings?

    /// `[[night]]`: when the screen dims or goes dark.
    public var night = NightSchedule()
    /// `[light]`: an ambient light sensor sets the brightness (none without it).
    public var light: LightSettings? = nil
    /// `output.backlight`: `auto` (the first in `/sys/class/backlight`), `none`, or a device's folder.
    public var backlight = "auto"

    /// `[look]`: colours and proportions.
    public var style = CardStyle.classic
    /// `look.font`: a font file by path, or a fontconfig name (`"Roboto Condensed:bold"`).
    public var fontPath = ClockConfiguration.defaultFontPath
    /// `look.fallback`: the fonts (paths or names) a character the first font lacks is drawn
    /// with, the first that has it; at most ``longestFallback``.
    public var fallbackFonts: [String] = []
    public static let longestFallback = 8
    public var spacing = FaceLayout.Spacing()

    /// `[flip]`: the animation.
    public var timing = FlipTiming.standard
    /// `flip.perspective`: eye distance in card heights.
    public var perspective = 5.0
    /// `flip.shading`: 0 (flat) … 1 (standard light and shadow).
    public var shading = 1.0
    /// `flip.vanishing_point`: `card` (each card's own) or `face` (the face's centre).
    public var vanishing = VanishingPoint.card
    /// `flip.motion_blur`: a turning flap drawn blurred over each frame's exposure.
    public var motionBlur = false

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
    /// `[http]`: the HTTP API; `nil` (the default): none.
    public var http: HTTPSettings?
    /// `[mqtt]`: the MQTT broker; `nil` (the default): none.
    public var mqtt: MQTTSettings?
    /// `[match]`: one match over several clocks, on the `[mqtt]` broker; `nil` (the default):
    /// the clock runs its own game.
    public var match: MatchSettings?
    /// `[keypad]`: the operator's keypad; `nil` (the default): none.
    public var keypad: KeypadSettings?
    /// `[sound]`: the flaps' clicks and the horn through ALSA; `nil` (the default): silent.
    public var sound: SoundSettings?
    /// `[horn]`: how long a horn sounds, and the relay that drives a real one (none by default).
    public var horn = HornSettings()
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
    public var clock: ClockItem { ClockItem(label: clockLabel, time: time) }

    /// Everything the file defines that a row can show, in the order of the file's tables.
    public var items: [FaceItem] {
        // One append a table: Swift 6.2.3 (the arm64 build) cannot type-check the sum in time.
        var items: [FaceItem] = [.clock(clock)]
        items += places.map { .clock($0) }
        items += date.map { [.date($0)] } ?? []
        items += scores.map { .score($0) }
        items += timers.map { .timer($0) }
        items += (game?.items ?? []).map { .game($0) }
        items += (sets?.items ?? []).map { .set($0) }
        items += texts.map { .text($0) }
        items += countdowns.map { .countdown($0) }
        return items
    }

    /// Without `[[row]]`: the time; the places; the date; the scores and timers; the game's
    /// clocks; each text; the countdowns.
    public var defaultRows: [[String]] {
        var rows = [[ClockItem.ownName]]
        if !places.isEmpty { rows.append(places.map(\.name)) }
        if date != nil { rows.append([DateItem.name]) }
        if !scores.isEmpty || !timers.isEmpty { rows.append(scores.map(\.name) + timers.map(\.name)) }
        if let game { rows.append(game.items.map(\.name)) }
        if let sets {
            for side in GameTeams.Team.allCases { rows.append(sets.items.filter { $0.side == side }.map(\.name)) }
        }
        rows += texts.map { [$0.name] }
        if !countdowns.isEmpty { rows.append(countdowns.map(\.name)) }
        return rows
    }

    /// The face a screen on `connector` shows (its own rows, if it has them, else the rows of
    /// the `[[face]]` named `scheduled`, else the `[[row]]` face), without the items in `hidden`
    /// (timers that hide when idle); a row whose items are all hidden is not there.
    public func face(on connector: String? = nil, showing scheduled: String? = nil, hiding hidden: Set<String> = []) -> Face {
        let byName = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let chosen = faces.faces.first { $0.name == scheduled }?.rows
        let names = screen(connector).rows ?? chosen ?? rowNames ?? defaultRows
        return Face(
            rows: names.map { $0.filter { !hidden.contains($0) }.compactMap { byName[$0] } }, style: style, spacing: spacing,
            timing: timing, shading: shading, perspective: perspective, vanishing: vanishing,
            motionBlur: motionBlur
        )
    }

    /// The layout of this configuration's face on a `width` × `height` output: its rows, each
    /// item's label under its cards.
    public func layout(width: Int, height: Int) -> FaceLayout {
        face().arrangement(width: width, height: height).layout
    }
}

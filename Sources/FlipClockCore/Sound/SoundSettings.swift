/// `[sound]`: the clicks of the landing flaps and the game's horn through ALSA. Off (no
/// `[sound]`, or `enabled = false`) by default.
public struct SoundSettings: Equatable, Sendable {
    /// The ALSA PCM played on (`default`, `hw:0,0`, `plughw:1`, a PCM of an asoundrc).
    public var device = "default"
    /// The level of everything played, 0–1.
    public var volume = 0.5
    /// Whether the landing flaps click.
    public var clicks = true
    /// Whether the game's horns sound.
    public var horn = true

    public init(device: String = "default", volume: Double = 0.5, clicks: Bool = true, horn: Bool = true) {
        self.device = device
        self.volume = volume
        self.clicks = clicks
        self.horn = horn
    }
}

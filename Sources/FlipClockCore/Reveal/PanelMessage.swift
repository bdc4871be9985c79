/// One message for the panel: what it says, how long it stays open, under which row, and
/// the size it was laid out to.
///
/// ``MessagePanel`` fills in ``height`` and ``scrollLines`` from the face and the font;
/// ``PanelReveal`` needs only those numbers, so its tests need no font.
public struct PanelMessage: Equatable, Sendable {
    public var text: String
    /// How long the panel holds the message fully open.
    public var hold: Duration
    /// The row of cards the panel opens under, counted from 1 at the top.
    public var row: Int
    /// The open panel's height in pixels: how far the lower part slides down.
    public var height: Int
    /// Lines of wrapped text beyond what the open panel shows; they scroll up into view one
    /// at a time while it holds.
    public var scrollLines: Int

    /// How long a message may hold the panel open.
    public static let holds = Duration.seconds(1)...Duration.seconds(24 * 3600)
    /// The longest message, in characters, and the most lines it may wrap to: a minute of
    /// scrolling at the most, and the bound on the work and memory of laying it out and
    /// drawing it (a line's image is the screen's width).
    public static let longest = 280
    public static let mostLines = 12

    /// Throws ``MessageError/tooLong`` for a text over ``longest`` characters, before any work is done on it.
    public static func checkLength(_ text: String) throws(MessageError) {
        // Counting stops past the limit: a long text costs no more than a short one.
        let count = text.prefix(longest + 1).count
        guard count <= longest else { throw .tooLong }
    }

    public init(text: String, hold: Duration, row: Int = 1, height: Int, scrollLines: Int = 0) {
        self.text = text
        self.hold = hold
        self.row = row
        self.height = height
        self.scrollLines = scrollLines
    }
}

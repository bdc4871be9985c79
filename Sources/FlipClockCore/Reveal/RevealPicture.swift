/// What the reveal looks like at one instant: how far the lower part has slid and how far
/// the panel's text has scrolled.
public struct RevealPicture: Equatable, Sendable {
    public var phase: RevealPhase
    /// The message on the panel; `nil` when closed.
    public var message: PanelMessage?
    /// Which posted message this is (1 for the first): a new number is a new panel to lay out.
    public var number: Int
    /// How far the lower part has slid down, in pixels, 0…`message.height`.
    public var offset: Int
    /// How many lines the text has scrolled up, 0…`message.scrollLines` (fractional while a
    /// line moves).
    public var scroll: Double

    public init(phase: RevealPhase, message: PanelMessage?, number: Int, offset: Int, scroll: Double) {
        self.phase = phase
        self.message = message
        self.number = number
        self.offset = offset
        self.scroll = scroll
    }

    public static let closed = RevealPicture(phase: .closed, message: nil, number: 0, offset: 0, scroll: 0)
}

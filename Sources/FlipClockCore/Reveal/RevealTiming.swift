/// How long the panel takes to open and close, and how its text scrolls, and how each is eased.
///
/// The seed animates both ways in 0.5 s with an ease-out curve: the lower part leaves at
/// speed and settles, whether it slides down or back up.
public struct RevealTiming: Equatable, Sendable {
    public var open: Duration
    public var close: Duration
    public var openEasing: Easing
    public var closeEasing: Easing
    /// One line of scrolling text moving up into view; shortened when a message's time is
    /// too short for all its lines.
    public var scrollStep: Duration
    public var scrollEasing: Easing

    public init(
        open: Duration = .milliseconds(500), close: Duration = .milliseconds(500),
        openEasing: Easing = .easeOut, closeEasing: Easing = .easeOut,
        scrollStep: Duration = .milliseconds(400), scrollEasing: Easing = .easeInOut
    ) {
        self.open = open
        self.close = close
        self.openEasing = openEasing
        self.closeEasing = closeEasing
        self.scrollStep = scrollStep
        self.scrollEasing = scrollEasing
    }

    public static let standard = RevealTiming()
}

/// Where the message panel is, in the words of the seed (004): the screen splits at a line,
/// the lower part slides down to open the panel ("FolderOpen"), the panel holds its message,
/// and the lower part slides back up over it ("FolderClose").
public enum RevealPhase: String, Equatable, Sendable {
    /// The screen is whole: no message is shown or waiting.
    case closed = "Closed"
    /// The lower part is sliding down; the panel opens beneath the split line.
    case opening = "Opening"
    /// The panel is fully open and holds its message (its text may scroll a line at a time).
    case open = "Open"
    /// The lower part is sliding back up over the panel.
    case closing = "Closing"
}

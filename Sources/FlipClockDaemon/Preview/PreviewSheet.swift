/// Which contact sheet a preview draws into `sheet.png`.
public enum PreviewSheet: String, CaseIterable, Sendable {
    /// The first flip the preview shows, at several angles.
    case flip
    /// The message panel opening under the first row in steps, then open with a long message.
    case reveal
}

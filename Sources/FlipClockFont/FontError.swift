/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read (missing, unreadable): the errno text.
    case cannotOpen(path: String, reason: String)
    /// FreeType read the file but it is not a usable font.
    case notAFont(path: String, reason: String)
    /// A glyph could not be loaded or rendered.
    case cannotRender(path: String, text: String, reason: String)
    /// FreeType itself could not start.
    case library(reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open font \(path): \(reason)"
        case let .notAFont(path, reason): "font \(path) is not usable: \(reason)"
        case let .cannotRender(path, text, reason): "font \(path) cannot render \"\(text)\": \(reason)"
        case let .library(reason): "FreeType failed to start: \(reason)"
        }
    }
}

import SystemPackage

/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read (missing, unreadable): the code of the failed `open`.
    case cannotOpen(path: String, errno: Errno)
    /// FreeType read the file but it is not a font it knows.
    case notAFont(path: String, freeType: FreeTypeError)
    /// The font has no outlines (a bitmap font): it cannot be drawn at a card's sizes.
    case notScalable(path: String)
    /// A glyph could not be loaded or rendered.
    case cannotRender(path: String, text: String, freeType: FreeTypeError)
    /// The font has no glyph for a character of the text.
    case noGlyph(path: String, text: String, character: Unicode.Scalar)
    /// FreeType itself could not start.
    case library(FreeTypeError)

    public var description: String {
        switch self {
        case let .cannotOpen(path, errno): "cannot open font \(path): \(errno)"
        case let .notAFont(path, error): "font \(path) is not usable: \(error)"
        case let .notScalable(path): "font \(path) is not usable: not a scalable (outline) font"
        case let .cannotRender(path, text, error): "font \(path) cannot render \"\(text)\": \(error)"
        case let .noGlyph(path, text, character):
            "font \(path) cannot render \"\(text)\": no glyph for U+\(String(character.value, radix: 16, uppercase: true))"
        case let .library(error): "FreeType failed to start: \(error)"
        }
    }
}

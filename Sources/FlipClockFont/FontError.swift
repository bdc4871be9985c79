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
    /// No font of the chain has a glyph for a character of the text: `fonts` as configured.
    case noGlyphInFonts(text: String, character: Unicode.Scalar, fonts: [String])
    /// A font name whose family no installed font has (fontconfig would give another).
    case noFamily(name: String, nearest: String?)
    /// fontconfig could not read its configuration.
    case noFontconfig
    /// FreeType itself could not start.
    case library(FreeTypeError)

    public var description: String {
        switch self {
        case let .cannotOpen(path, errno): "cannot open font \(path): \(errno)"
        case let .notAFont(path, error): "font \(path) is not usable: \(error)"
        case let .notScalable(path): "font \(path) is not usable: not a scalable (outline) font"
        case let .cannotRender(path, text, error): "font \(path) cannot render \"\(text)\": \(error)"
        case let .noGlyph(path, text, character):
            "font \(path) cannot render \"\(text)\": no glyph for \(Self.code(character))"
        case let .noGlyphInFonts(text, character, fonts):
            "no configured font has \"\(Character(character))\" (\(Self.code(character))) of \"\(text)\"; tried \(fonts.joined(separator: ", "))"
        case let .noFamily(name, nearest):
            "font \"\(name)\": no installed font has that family" + (nearest.map { " (nearest: \($0))" } ?? "")
        case .noFontconfig: "fontconfig could not load its configuration (fc-cache, /etc/fonts)"
        case let .library(error): "FreeType failed to start: \(error)"
        }
    }

    /// `U+` and the scalar's code in at least four hex digits.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

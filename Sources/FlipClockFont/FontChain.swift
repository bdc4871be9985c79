import FlipClockCore

/// The configured fonts in order (`[look] font`, then `fallback`): each character is drawn
/// with the first font that has it, a fallback's glyphs scaled so its capitals stand as tall
/// as the first font's; an ideograph, kana or hangul so its full-height ideograph ("国")
/// does: by cap height alone a CJK glyph stood a quarter taller than the capitals beside it
/// and overflowed its card.
///
/// A text the first font draws whole is the first font's own run, kerning and all; one that
/// needs a fallback is laid out in runs of characters a font, pen after pen.
public final class FontChain: GlyphSource {
    public let faces: [FontFace]
    /// The fonts as the configuration names them (a path or a fontconfig name), for errors.
    public let names: [String]
    /// Each face's em size over the first's: the first's cap height over its own.
    let scales: [Double]
    /// The same for its ideographs: the first's cap height over its "国"'s ink (`nil`: none).
    let ideographScales: [Double?]
    /// How far its "国" reaches below the baseline, in ems: an ideograph is raised by it to sit
    /// on the baseline as the capitals do (it hung 4 px below them on a 58 px card).
    let ideographDrops: [Double]

    public init(_ faces: [FontFace], names: [String]) {
        precondition(!faces.isEmpty && faces.count == names.count, "a chain has a name for each of its fonts")
        self.faces = faces
        self.names = names
        let first = faces[0].capHeight
        scales = faces.map { first / $0.capHeight }
        ideographScales = faces.map { face in face.inkHeight(of: "\u{56FD}").map { first / $0 } }
        ideographDrops = faces.map { face in max(0, -(face.ink(of: "\u{56FD}")?.bottom ?? 0)) }
    }

    /// Why the chain could not be opened: the error of the font at `index` (0: the first).
    public struct OpenError: Error, Equatable {
        public var index: Int
        public var error: FontError
    }

    /// Opens each of `fonts` (paths or fontconfig names), the first font first.
    public static func open(_ fonts: [String]) throws(OpenError) -> FontChain {
        var faces: [FontFace] = []
        for (index, font) in fonts.enumerated() {
            do {
                let file = try FontName.file(font)
                faces.append(try FontFace(path: file.path, index: file.index))
            } catch {
                throw OpenError(index: index, error: error)
            }
        }
        return FontChain(faces, names: fonts)
    }

    /// The fonts' names as FreeType reads them, the first first: "Roboto Condensed Bold, DejaVu Sans Bold".
    public var name: String { faces.map(\.name).joined(separator: ", ") }

    public func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
        try layout(text, pixelSize: pixelSize, drawing: true)
    }

    public func advance(_ text: String, pixelSize: Int) throws -> Int {
        try layout(text, pixelSize: pixelSize, drawing: false).advance
    }

    /// `text` cut into runs of characters drawn by one font: each character goes to the first
    /// font that has all its scalars (a blank to the font of the run it is in).
    func runs(_ text: String) throws(FontError) -> [(face: Int, text: String)] {
        try scaledRuns(text).map { ($0.face, $0.text) }
    }

    /// Whether `character` is drawn to the ideographs' height: CJK ideographs, kana, hangul
    /// and the full-width forms.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF01...0xFF60, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// ``runs(_:)``, each with the em scale its characters are drawn at.
    func scaledRuns(_ text: String) throws(FontError) -> [(face: Int, text: String, scale: Double)] {
        var runs: [(face: Int, text: String, scale: Double)] = []
        for character in text {
            let face: Int
            if character == " " {
                face = runs.last?.face ?? 0
            } else if let found = faces.firstIndex(where: { font in character.unicodeScalars.allSatisfy { font.has($0) } }) {
                face = found
            } else {
                let missing = character.unicodeScalars.first { scalar in !faces.contains { $0.has(scalar) } }
                throw .noGlyphInFonts(
                    text: text, character: missing ?? character.unicodeScalars.first { !faces[0].has($0) }!, fonts: names)
            }
            let scale =
                character == " " ? runs.last?.scale ?? scales[face] : (Self.isIdeographic(character) ? ideographScales[face] : nil) ?? scales[face]
            if runs.last?.face == face, runs.last?.scale == scale {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((face, String(character), scale))
            }
        }
        return runs
    }

    private func layout(_ text: String, pixelSize: Int, drawing: Bool) throws -> GlyphRun {
        let runs = try scaledRuns(text)
        if runs.count <= 1, runs.first?.face ?? 0 == 0, runs.first?.scale ?? 1 == 1 {
            return drawing
                ? try faces[0].render(text, pixelSize: pixelSize)
                : GlyphRun(mask: CoverageMask(width: 0, height: 0), left: 0, top: 0, advance: try faces[0].advance(text, pixelSize: pixelSize))
        }
        var placed: [FontFace.Placed] = []
        var pen = 0
        for run in runs {
            let size = max(1, Int((Double(pixelSize) * run.scale).rounded()))
            let face = faces[run.face]
            if drawing {
                let glyphs = try face.render(run.text, pixelSize: size)
                let raise = run.text.contains(where: Self.isIdeographic) ? Int((ideographDrops[run.face] * Double(size)).rounded()) : 0
                placed.append(FontFace.Placed(mask: glyphs.mask, x: pen + glyphs.left, top: glyphs.top + raise))
                pen += glyphs.advance
            } else {
                pen += try face.advance(run.text, pixelSize: size)
            }
        }
        return FontFace.compose(placed, advance: pen)
    }
}

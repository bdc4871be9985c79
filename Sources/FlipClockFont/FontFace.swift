import CFreeType
import FlipClockCore
import Glibc
import Synchronization
import SystemPackage

/// A font file opened with FreeType, rendering text to anti-aliased coverage.
///
/// Glyphs load with light hinting (vertical only), which keeps the shapes of large display
/// digits true while snapping their horizontal stems. Digits advance by the widest digit's
/// width and sit centred in that cell, so every font is tabular on a card.
public final class FontFace: GlyphSource, @unchecked Sendable {
    public let path: String
    private let library: FT_Library
    private let face: FT_Face
    /// FreeType faces are not thread-safe: one render at a time.
    private let lock = Mutex(())

    /// Opens the font at `path`: its face `index` (a collection's, `.ttc`, has several).
    ///
    /// The corresponding C functions are `FT_Init_FreeType` and `FT_New_Face`.
    public init(path: String, index: Int = 0) throws(FontError) {
        // Read errors keep their code; FreeType only says "cannot open resource".
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        if fd < 0 { throw .cannotOpen(path: path, errno: Errno(rawValue: errno)) }
        close(fd)

        var library: FT_Library?
        try FreeTypeError.check(FT_Init_FreeType(&library)) { .library($0) }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .notAFont(path: path, freeType: FreeTypeError(rawValue: error))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .notScalable(path: path)
        }
        self.path = path
        self.library = library!
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The family and style FreeType reads from the file, such as "Roboto Condensed Bold".
    public var name: String {
        let family = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return style.isEmpty ? family : "\(family) \(style)"
    }

    /// Whether the font has a glyph for `scalar`.
    ///
    /// The corresponding C function is `FT_Get_Char_Index`.
    public func has(_ scalar: Unicode.Scalar) -> Bool {
        lock.withLock { _ in FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }
    }

    /// The height of a capital "H" as a fraction of the em; for a font without one, the cap
    /// height its OS/2 table gives, else 0.7: what a fallback font is scaled by to stand
    /// beside this one at the same size.
    ///
    /// The corresponding C function is `FT_Get_Sfnt_Table`.
    public var capHeight: Double {
        if let h = inkHeight(of: "H") { return h }
        return lock.withLock { _ in
            let em = Double(face.pointee.units_per_EM)
            if em > 0, let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.version >= 2, os2.sCapHeight > 0 { return Double(os2.sCapHeight) / em }
            }
            return 0.7
        }
    }

    /// The height of `scalar`'s ink as a fraction of the em; `nil` if the font lacks it.
    public func inkHeight(of scalar: Unicode.Scalar) -> Double? {
        ink(of: scalar).map { $0.top - $0.bottom }
    }

    /// Where `scalar`'s ink starts and ends above the baseline, as fractions of the em (the
    /// bottom negative below it); `nil` if the font lacks it.
    ///
    /// The corresponding C function is `FT_Load_Glyph` (unscaled).
    public func ink(of scalar: Unicode.Scalar) -> (top: Double, bottom: Double)? {
        lock.withLock { _ in
            let em = Double(face.pointee.units_per_EM)
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard em > 0, index != 0, FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return nil }
            let metrics = face.pointee.glyph.pointee.metrics
            guard metrics.height > 0 else { return nil }
            return (Double(metrics.horiBearingY) / em, Double(metrics.horiBearingY - metrics.height) / em)
        }
    }

    public func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
        try lock.withLock { _ throws(FontError) in try renderLocked(text, pixelSize: pixelSize, drawing: true) }
    }

    /// The pen's advance over `text`, as ``render(_:pixelSize:)`` gives it: the glyphs are
    /// loaded for their metrics, not drawn.
    public func advance(_ text: String, pixelSize: Int) throws -> Int {
        try lock.withLock { _ throws(FontError) in try renderLocked(text, pixelSize: pixelSize, drawing: false).advance }
    }

    struct Placed {
        var mask: CoverageMask
        var x: Int
        var top: Int
    }

    /// `text` laid out glyph by glyph; drawn into the run's mask if `drawing`, else only its advance.
    private func renderLocked(_ text: String, pixelSize: Int, drawing: Bool) throws(FontError) -> GlyphRun {
        let path = self.path
        try FreeTypeError.check(FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, pixelSize)))) {
            .cannotRender(path: path, text: text, freeType: $0)
        }
        let digitCell = try widestDigitAdvance(text: text)
        var placed: [Placed] = []
        var pen = 0
        var previous: FT_UInt = 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if index == 0 && scalar != " " {
                throw .noGlyph(path: path, text: text, character: scalar)
            }
            if previous != 0, index != 0 {
                var kerning = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &kerning) == 0 {
                    pen += Int(kerning.x) >> 6
                }
            }
            let glyph = try loadGlyph(index, text: text, drawing: drawing)
            let advance = (Int(glyph.pointee.advance.x) + 32) >> 6
            let isDigit = ("0"..."9").contains(Character(scalar))
            let cellOffset = isDigit ? (digitCell - advance) / 2 : 0
            if drawing {
                placed.append(
                    Placed(
                        mask: Self.copy(glyph.pointee.bitmap),
                        x: pen + cellOffset + Int(glyph.pointee.bitmap_left),
                        top: Int(glyph.pointee.bitmap_top)
                    ))
            }
            pen += isDigit ? digitCell : advance
            previous = index
        }
        return Self.compose(placed, advance: pen)
    }

    /// Loads glyph `index` (hinted: its advance is final), and draws it if `drawing`.
    private func loadGlyph(_ index: FT_UInt, text: String, drawing: Bool) throws(FontError) -> FT_GlyphSlot {
        let path = self.path
        let flags = FT_Int32(FT_LOAD_DEFAULT) | flipclock_ft_load_target_light()
        try FreeTypeError.check(FT_Load_Glyph(face, index, flags)) { .cannotRender(path: path, text: text, freeType: $0) }
        guard drawing else { return face.pointee.glyph }
        try FreeTypeError.check(FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL)) {
            .cannotRender(path: path, text: text, freeType: $0)
        }
        return face.pointee.glyph
    }

    private func widestDigitAdvance(text: String) throws(FontError) -> Int {
        var widest = 0
        for digit in UInt32(48)...57 {
            let index = FT_Get_Char_Index(face, FT_ULong(digit))
            guard index != 0 else { continue }
            let path = self.path
            try FreeTypeError.check(FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_DEFAULT) | flipclock_ft_load_target_light())) {
                .cannotRender(path: path, text: text, freeType: $0)
            }
            widest = max(widest, (Int(face.pointee.glyph.pointee.advance.x) + 32) >> 6)
        }
        return widest
    }

    /// Copies FreeType's borrowed bitmap out before the next load overwrites it; its pitch
    /// may be negative (rows stored bottom-up).
    static func copy(_ bitmap: FT_Bitmap) -> CoverageMask {
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var mask = CoverageMask(width: width, height: height)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return mask }
        let first = pitch < 0 ? buffer + (height - 1) * -pitch : buffer
        for y in 0..<height {
            let row = first + y * pitch
            for x in 0..<width { mask[x, y] = row[x] }
        }
        return mask
    }

    /// Lays the glyphs' masks into one, adding overlapping coverage (kerned pairs).
    static func compose(_ placed: [Placed], advance: Int) -> GlyphRun {
        let inked = placed.filter { $0.mask.width > 0 && $0.mask.height > 0 }
        guard !inked.isEmpty else { return GlyphRun(mask: CoverageMask(width: 0, height: 0), left: 0, top: 0, advance: advance) }
        let left = inked.map(\.x).min()!, right = inked.map { $0.x + $0.mask.width }.max()!
        let top = inked.map(\.top).max()!, bottom = inked.map { $0.top - $0.mask.height }.min()!
        var mask = CoverageMask(width: right - left, height: top - bottom)
        for glyph in inked {
            let ox = glyph.x - left, oy = top - glyph.top
            for y in 0..<glyph.mask.height {
                for x in 0..<glyph.mask.width {
                    let sum = Int(mask[ox + x, oy + y]) + Int(glyph.mask[x, y])
                    mask[ox + x, oy + y] = UInt8(min(sum, 255))
                }
            }
        }
        return GlyphRun(mask: mask, left: left, top: top, advance: advance)
    }
}

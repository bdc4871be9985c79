import CFreeType
import FlipClockCore
import FlipClockFont
import Foundation
import SystemPackage
import Testing

@Suite struct FontFaceTests {
    let path = ClockConfiguration.defaultFontPath

    /// FreeType's own bitmap for one character, straight from the C API.
    func freeTypeBitmap(_ character: Character, pixelSize: Int) -> (width: Int, rows: Int, values: [UInt8]) {
        var library: FT_Library?
        var face: FT_Face?
        FT_Init_FreeType(&library)
        defer { FT_Done_FreeType(library) }
        FT_New_Face(library, path, 0, &face)
        defer { FT_Done_Face(face) }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        let index = FT_Get_Char_Index(face, FT_ULong(character.unicodeScalars.first!.value))
        FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_DEFAULT) | flipclock_ft_load_target_light())
        FT_Render_Glyph(face!.pointee.glyph, FT_RENDER_MODE_NORMAL)
        let bitmap = face!.pointee.glyph.pointee.bitmap
        var values: [UInt8] = []
        for y in 0..<Int(bitmap.rows) {
            for x in 0..<Int(bitmap.width) { values.append(bitmap.buffer[y * Int(bitmap.pitch) + x]) }
        }
        return (Int(bitmap.width), Int(bitmap.rows), values)
    }

    @Test(arguments: ["0", "7", "8", "A"] as [Character])
    func glyphCoverageEqualsFreeTypesOwnBitmap(_ character: Character) throws {
        let font = try FontFace(path: path)
        let run = try font.render(String(character), pixelSize: 96)
        let reference = freeTypeBitmap(character, pixelSize: 96)
        #expect(run.mask.width == reference.width)
        #expect(run.mask.height == reference.rows)
        #expect(run.mask.values == reference.values)
    }

    @Test func digitsAdvanceByOneWidth() throws {
        let font = try FontFace(path: path)
        let advances = Set(try (0...9).map { try font.render(String($0), pixelSize: 173).advance })
        #expect(advances.count == 1)
    }

    /// A message is wrapped by measuring, not drawing: the measure must be the drawn advance,
    /// kerning, tabular digits, blanks and a replacement character included.
    @Test(arguments: ["", " ", "AV AWAY", "Tokyo 10:45", "1111", "\u{FFFD}\u{FFFD}x", "Zürich ß €"])
    func anAdvanceIsTheDrawnAdvance(_ text: String) throws {
        let font = try FontFace(path: path)
        for size in [12, 43, 173] {
            #expect(try font.advance(text, pixelSize: size) == font.render(text, pixelSize: size).advance)
        }
    }

    @Test func theDefaultFontIsRobotoCondensedBold() throws {
        #expect(try FontFace(path: path).name == "Roboto Condensed Bold")
    }

    @Test func aMissingFontIsAClearError() {
        #expect(throws: FontError.cannotOpen(path: "/nonexistent/font.ttf", errno: .noSuchFileOrDirectory)) {
            try FontFace(path: "/nonexistent/font.ttf")
        }
        #expect(
            FontError.cannotOpen(path: "/nonexistent/font.ttf", errno: .noSuchFileOrDirectory).description
                == "cannot open font /nonexistent/font.ttf: No such file or directory")
    }

    @Test func aFileThatIsNotAFontIsAClearError() throws {
        let path = NSTemporaryDirectory() + "flipclock-not-a-font-\(getpid()).ttf"
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notAFont(path: path, freeType: .unknownFileFormat)) { try FontFace(path: path) }
        #expect(FontError.notAFont(path: path, freeType: .unknownFileFormat).description == "font \(path) is not usable: unknown file format")
    }

    /// FreeType's code is kept, and said in FreeType's words even where its table is not built in.
    @Test func freeTypesCodesReadAsFreeTypeSaysThem() {
        #expect(
            FontError.cannotRender(path: "/f.ttf", text: "12", freeType: FreeTypeError(rawValue: 0x17)).description
                == "font /f.ttf cannot render \"12\": invalid pixel size")
        #expect(FontError.library(.init(rawValue: 0x40)).description == "FreeType failed to start: out of memory")
        #expect(FreeTypeError(rawValue: 0x99).description == "FreeType error 0x99")
        #expect(FontError.notScalable(path: "/f.pcf").description == "font /f.pcf is not usable: not a scalable (outline) font")
    }

    @Test func aCharacterTheFontLacksIsAClearError() throws {
        let font = try FontFace(path: path)
        #expect(throws: FontError.noGlyph(path: path, text: "\u{10FFFD}", character: "\u{10FFFD}")) {
            try font.render("\u{10FFFD}", pixelSize: 40)
        }
        #expect(
            FontError.noGlyph(path: path, text: "a\u{10FFFD}", character: "\u{10FFFD}").description
                == "font \(path) cannot render \"a\u{10FFFD}\": no glyph for U+10FFFD")
    }
}

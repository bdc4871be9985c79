import FlipClockCore
import SystemPackage
import Testing

@testable import FlipClockFont

/// Fonts named as fontconfig names them, and a chain of fonts drawing each character with the
/// first that has it. Uses Debian's fonts-roboto-unhinted, fonts-dejavu-core, fonts-droid-fallback
/// and fonts-wqy-zenhei (scripts/install-deps --test).
@Suite struct FontChainTests {
    static let roboto = ClockConfiguration.defaultFontPath
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    @Test func aNameIsTheFileFontconfigMatchesToIt() throws {
        #expect(try FontName.file("Roboto Condensed:bold") == FontName.File(path: Self.roboto))
        #expect(try FontName.file("DejaVu Sans:bold") == FontName.File(path: Self.dejaVu))
        #expect(try FontName.file("/any/path.ttf") == FontName.File(path: "/any/path.ttf"))
    }

    /// A collection's faces by their names: the second of wqy-zenhei.ttc (fonts-wqy-zenhei) is
    /// the monospaced one, opened as that face and not as the file's first.
    @Test func aNameInACollectionIsItsOwnFace() throws {
        let zenhei = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
        #expect(try FontName.file("WenQuanYi Zen Hei Mono") == FontName.File(path: zenhei, index: 1))
        #expect(try FontName.file("WenQuanYi Zen Hei") == FontName.File(path: zenhei, index: 0))
        let mono = try FontChain.open(["WenQuanYi Zen Hei Mono"]), proportional = try FontChain.open(["WenQuanYi Zen Hei"])
        #expect(mono.name.hasPrefix("WenQuanYi Zen Hei Mono"), "\(mono.name)")
        #expect(try mono.advance("i", pixelSize: 40) == mono.advance("W", pixelSize: 40))
        #expect(try proportional.advance("i", pixelSize: 40) < proportional.advance("W", pixelSize: 40))
    }

    /// fontconfig answers "Roboto Condesed" with DejaVu Sans: drawn without a word, that was
    /// another family than the one asked for.
    @Test func aNameWhoseFamilyNoFontHasIsAnErrorNamingTheNearest() {
        #expect(throws: FontError.noFamily(name: "Roboto Condesed:bold", nearest: "Roboto Condensed")) {
            try FontName.file("Roboto Condesed:bold")
        }
        #expect(
            FontError.noFamily(name: "Roboto Condesed:bold", nearest: "Roboto Condensed").description
                == "font \"Roboto Condesed:bold\": no installed font has that family (nearest: Roboto Condensed)")
    }

    @Test func eachCharacterComesFromTheFirstFontThatHasIt() throws {
        let chain = try FontChain.open([Self.roboto, "DejaVu Sans:bold", "Droid Sans Fallback"])
        let runs = try chain.runs("ZÜRICH ☃ МОСКВА 東京").map { "\($0.face):\($0.text)" }
        #expect(runs == ["0:ZÜRICH ", "1:☃ ", "0:МОСКВА ", "2:東京"])
    }

    /// A fallback's capitals stand as tall as the first font's: its em is scaled by the ratio
    /// of the cap heights; a font without an "H" (Droid Sans Fallback) by its OS/2 table's.
    @Test func aFallbackIsScaledToTheFirstFontsCapHeight() throws {
        let chain = try FontChain.open([Self.roboto, Self.dejaVu, Self.droid])
        let size = 200
        let first = try chain.faces[0].render("H", pixelSize: size).mask.height
        let fallback = try chain.faces[1].render("H", pixelSize: Int((Double(size) * chain.scales[1]).rounded())).mask.height
        #expect(abs(first - fallback) <= 1, "H: \(first) px in Roboto, \(fallback) px in DejaVu Sans Bold")
        #expect(chain.scales[1] < 0.99)
        #expect(chain.faces[2].capHeight == 183.0 / 256)
    }

    /// An ideograph stands as tall as the first font's capitals: by the fallback's cap height
    /// alone (183/256 of the em in Droid Sans Fallback) 国 stood a quarter taller and
    /// overflowed its card.
    @Test func anIdeographStandsAsTallAsTheCapitals() throws {
        let chain = try FontChain.open([Self.roboto, Self.droid])
        let capital = try chain.render("H", pixelSize: 200).mask.height
        let ideograph = try chain.render("国", pixelSize: 200).mask.height
        #expect(abs(capital - ideograph) <= 2, "H \(capital) px, 国 \(ideograph) px")
        #expect(try chain.scaledRuns("A東京").map(\.text) == ["A", "東京"])
    }

    /// A text the first font draws whole is that font's own run, pixel for pixel.
    @Test func aTextTheFirstFontHasIsItsOwnRun() throws {
        let chain = try FontChain.open([Self.roboto, Self.droid])
        #expect(try chain.render("Zürich 12:34", pixelSize: 48) == (try chain.faces[0].render("Zürich 12:34", pixelSize: 48)))
        #expect(try chain.advance("東京 A", pixelSize: 48) == (try chain.render("東京 A", pixelSize: 48)).advance)
    }

    @Test func aCharacterNoFontHasIsAnErrorNamingItAndTheFonts() throws {
        let chain = try FontChain.open([Self.roboto, "DejaVu Sans:bold"])
        #expect(throws: FontError.noGlyphInFonts(text: "Tokyo 東京", character: "東", fonts: [Self.roboto, "DejaVu Sans:bold"])) {
            try chain.render("Tokyo 東京", pixelSize: 32)
        }
        #expect(
            FontError.noGlyphInFonts(text: "Tokyo 東京", character: "東", fonts: [Self.roboto, "DejaVu Sans:bold"]).description
                == "no configured font has \"東\" (U+6771) of \"Tokyo 東京\"; tried \(Self.roboto), DejaVu Sans:bold")
    }

    @Test func aFontThatCannotBeOpenedIsNamedByItsPlaceInTheChain() {
        #expect(throws: FontChain.OpenError(index: 1, error: .cannotOpen(path: "/nonexistent/x.ttf", errno: .noSuchFileOrDirectory))) {
            try FontChain.open([Self.roboto, "/nonexistent/x.ttf"])
        }
    }
}

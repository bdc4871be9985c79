import Testing

@testable import FlipClockCore

/// A text row's drum: the default drum, then the characters its configuration adds, by code
/// point; what is set from outside must be on it.
@Suite struct TextDrumTests {
    @Test func theCharactersARowIsGivenFollowTheDefaultDrumByCodePoint() {
        var board = TextItem(name: "board")
        board.widenDrum(with: "Zürich")
        board.widenDrum(with: "東京 москва ÄÖÜ")
        #expect(board.extraCharacters == ["Ä", "Ö", "Ü", "А", "В", "К", "М", "О", "С", "京", "東"])
        #expect(Array(board.drum.prefix(TextItem.drum.count)) == TextItem.drum)
        #expect(board.step(from: "█", toward: "Ä") == "Ä")
        #expect(board.step(from: "東", toward: "A") == "")
        #expect(TextItem(name: "plain").drum == TextItem.drum)
    }

    /// Latin, Greek and Cyrillic letters are shown in upper case, by Unicode's mapping; other
    /// scripts as they are written.
    @Test(arguments: [
        ("straße", "STRASSE"), ("zürich", "ZÜRICH"), ("москва", "МОСКВА"), ("αθήνα", "ΑΘΉΝΑ"), ("東京", "東京"), ("e\u{301}", "E\u{301}"),
        ("ｔｏｋｙｏ", "ｔｏｋｙｏ"),
    ])
    func aTextIsShownInUpperCaseWhereItsScriptHasCase(_ text: String, _ shown: String) {
        #expect(TextItem.shown(text) == shown)
    }

    @Test func aCharacterSetFromOutsideThatIsNotOnTheDrumIsRefusedNamingTheRow() {
        var board = TextItem(name: "board", cards: 6)
        #expect(
            board.checked("ü")
                == .failure(
                    .init(
                        description:
                            "\"Ü\" is not on the cards of board; they show A-Z, 0-9, blank and . , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips 🟥🟧🟨🟩🟦🟪⬜⬛█ (its [[text]] characters adds more)"
                    )))
        board.widenDrum(with: "ÄÖÜ")
        #expect(board.checked("grün") == .success("GRÜN"))
        #expect(
            board.checked("Жук")
                == .failure(
                    .init(
                        description:
                            "\"Ж\" is not on the cards of board; they show A-Z, 0-9, blank and . , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips 🟥🟧🟨🟩🟦🟪⬜⬛█ ÄÖÜ (its [[text]] characters adds more)"
                    )))
    }
}

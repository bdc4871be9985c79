import FlipClockCore
import Testing

@testable import FlipClockControl

/// Several text rows as one request (what a Vestaboard message is), in both forms, and a
/// Vestaboard message body as that request.
@Suite struct VestaboardMessageTests {
    static func refusal(_ make: () throws(ControlError) -> ControlRequest) -> String {
        do throws(ControlError) {
            return "made \(try make())"
        } catch {
            return "\(error.code.rawValue) \(error.reason)"
        }
    }

    @Test func severalTextsAreOneRequestInBothForms() throws {
        let request = ControlRequest.texts([("top", "HELLO \"YOU\""), ("bottom", "")])
        #expect(request.line == #"text top="HELLO \"YOU\"" bottom="""#)
        #expect(try ControlRequest.parse(request.line) == request)
        #expect(try ControlRequest.parse(#"  text  a="X"   b=" Y ""#) == .texts([("a", "X"), ("b", " Y ")]))
        // The JSON form's object is read in its names' order.
        #expect(try ControlJSON.parse(#"{"command":"text","texts":{"top":"A","bottom":"B"}}"#) == .texts([("bottom", "B"), ("top", "A")]))
        #expect(ControlJSON.line(request) == #"{"command":"text","texts":{"bottom":"","top":"HELLO \"YOU\""}}"#)
        // One text is still `text NAME WORDS`, = and all.
        #expect(try ControlRequest.parse("text board A=B") == .text(name: "board", text: "A=B"))
    }

    @Test(arguments: [
        (#"text a=HELLO"#, #"syntax several texts are written NAME="TEXT" NAME="TEXT""#),
        (#"text a="X" ="Y""#, #"syntax several texts are written NAME="TEXT" NAME="TEXT""#),
        (#"text a="X"b="Y""#, #"syntax a blank separates NAME="TEXT" from the next"#),
        (#"text a="X" a="Y""#, "syntax a is given twice"),
        (#"text a="X"#, "syntax the text's closing quote is missing"),
    ])
    func aBadLineOfTextsIsRefused(line: String, error: String) {
        #expect(Self.refusal { () throws(ControlError) in try ControlRequest.parse(line) } == error)
    }

    @Test func aBadJSONObjectOfTextsIsRefused() {
        #expect(
            Self.refusal { () throws(ControlError) in try ControlJSON.parse(#"{"command":"text","texts":{}}"#) }
                == #"syntax "texts" is an object of text rows' names and texts, {"NAME": "TEXT"}"#)
        #expect(
            Self.refusal { () throws(ControlError) in try ControlJSON.parse(#"{"command":"text","texts":{"a":1}}"#) }
                == "syntax the text of a is not a string")
        let many = (0...16).map { "\"r\($0)\":\"\"" }.joined(separator: ",")
        #expect(
            Self.refusal { () throws(ControlError) in try ControlJSON.parse(#"{"command":"text","texts":{\#(many)}}"#) }
                == "syntax 17 texts; one request sets at most 16")
    }

    /// Built a step at a time: Swift 6.2.3 (the arm64 tests' compiler) cannot type-check it as
    /// one expression in time.
    static let hello: String = {
        let blank: String = "[" + Array(repeating: "0", count: 22).joined(separator: ",") + "]"
        let third: String = "[0,8,5,12,12,15,0,63" + String(repeating: ",0", count: 14) + "]"
        let rows: [String] = (0..<6).map { (row: Int) -> String in row == 2 ? third : blank }
        return "[" + rows.joined(separator: ",") + "]"
    }()

    @Test func aMessageIsOneRequestOfTheSixRows() throws {
        let expected = ControlRequest.texts(zip(Vestaboard.rowNames, ["", "", " HELLO 🟥", "", "", ""]).map { ($0, $1) })
        #expect(try VestaboardMessage.request(body: Self.hello) == expected)
        // Newer boards' form: the codes under "characters", with transition settings.
        #expect(try VestaboardMessage.request(body: #"{"characters":\#(Self.hello),"strategy":"column","step_size":2}"#) == expected)
        #expect(VestaboardMessage.body(texts: ["vestaboard-3": " HELLO 🟥"]) == #"{"message":\#(Self.hello)}"#)
    }

    @Test(arguments: [
        ("", "syntax the body is not JSON; it is [[22 codes] × 6]"),
        ("{\"text\":\"HI\"}", #"syntax the body is [[22 codes] × 6] or {"characters": [[…]]}"#),
        ("7", "syntax the message is an array of 6 rows"),
        ("[[0],5]", "syntax row 2 is not an array of codes"),
        (#"[[0,"A"]]"#, #"syntax row 1, column 2: "A" is not a character code (0-71)"#),
        ("[[0,1.5]]", "syntax row 1, column 2: 1.5 is not a character code (0-71)"),
        ("[[0]]", "syntax the message has 1 rows; a Vestaboard has 6 rows of 22"),
    ])
    func aBodyThatIsNotAMessageIsRefusedNamingWhere(body: String, error: String) {
        #expect(Self.refusal { () throws(ControlError) in try VestaboardMessage.request(body: body) } == error)
    }
}

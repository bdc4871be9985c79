import FlipClockCore
import Testing

@testable import FlipClockControl

/// What the JSON form reads is bounded before it is decoded (issue 31): the nesting, a number
/// too large, and what a refusal echoes.
@Suite struct JSONBoundsTests {
    /// `{"command":"ping","x":[[[…]]]}`: 1 KB that took the decoder 1.4 s at 511 deep.
    static func nested(_ depth: Int) -> String {
        #"{"command":"ping","x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    }

    @Test func nestingIsCountedOutsideStringsAndStopsPastTheLimit() {
        #expect(JSONValue.depth(Array(#"{"a":"[[[{{{","b":[{"c":"\"[["}]}"#.utf8)) == 3)
        // The count stops at the first bracket past the limit: the rest is not read.
        #expect(JSONValue.depth(Array(Self.nested(511).utf8)) == JSONValue.deepest + 1)
    }

    @Test func aRequestNestedDeeperThanTheLimitIsRefusedBeforeItIsDecoded() throws {
        #expect(try ControlJSON.parse(Self.nested(JSONValue.deepest - 1)) == .ping)
        #expect(throws: ControlError(.syntax, "arrays and objects nest deeper than 16")) { try ControlJSON.parse(Self.nested(511)) }
        #expect(throws: ControlError(.syntax, "arrays and objects nest deeper than 16")) {
            try ControlJSON.parse(command: "ping", fields: [:], body: "{" + Self.nested(511).dropFirst(18))
        }
        // What MQTT and the client read go the same way.
        #expect(ControlJSON.object(Self.nested(511)) == nil)
        #expect(ControlJSON.object(Self.nested(JSONValue.deepest - 1)) != nil)
    }

    @Test(arguments: [
        (#"{"command":"score","action":"set","scores":{"home":99999999999999999999}}"#, ControlError(.range, #""home" is out of range"#)),
        (#"{"command":"score","action":"set","scores":{"home":1e999}}"#, ControlError(.range, #""home" is out of range"#)),
        (#"{"command":"pair","seconds":1e300}"#, ControlError(.range, #""seconds" is out of range"#)),
    ])
    func aNumberTooLargeIsNamedAndOutOfRange(_ line: String, _ error: ControlError) {
        #expect(throws: error) { try ControlJSON.parse(line) }
    }

    @Test func aRefusalEchoesOneLineOfBoundedLength() {
        #expect(
            throws: ControlError(.unknownCommand, #""a\nb\u{1B}[31m"; "# + ControlRequest.commands)
        ) { try ControlJSON.parse(#"{"command":"a\nb\u001b[31m"}"#) }
        let long = String(repeating: "x", count: 70_000)
        do {
            _ = try ControlJSON.parse(#"{"command":""# + long + #""}"#)
            Issue.record("no error")
        } catch {
            #expect(error.reason.count == ControlError.longestReason)
            #expect(error.reason == "\"" + String(repeating: "x", count: ControlError.longestReason - 2) + "…")
        }
    }

    /// The reader looks at each byte at most twice, however the line nests or repeats: work
    /// bounded by a count, not a clock (`JSONDecoder` built an error a kind it tried, each
    /// with its whole coding path: 135 ms of a debug build for this line).
    @Test func theReadersWorkIsBoundedByTheLinesLength() throws {
        let unit = String(repeating: "[", count: 14) + String(repeating: "]", count: 14) + ","
        let line = #"{"command":"ping","x":["# + String(repeating: unit, count: 130) + "1]}"
        var reader = JSONReader(Array(line.utf8))
        _ = try reader.value()
        #expect(reader.steps <= 2 * line.utf8.count)
        #expect(try ControlJSON.parse(line) == .ping)
    }

    @Test func theReaderReadsWhatJSONWrites() throws {
        var reader = JSONReader(Array(#" {"s":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00","n":[-1,2.5,50.0,1e2,null,true,false,{}]} "#.utf8))
        #expect(
            try reader.value()
                == ["s": "a\"\\/\u{8}\u{C}\n\r\té😀", "n": [-1, .number(2.5), 50, 100, .null, true, false, .object([:])]])
        for bad in [
            #"{"a":1"#, #"{"a":01x}"#, #"{"a":01}"#, #"{"a":-00.5}"#, #"{"a":"\x"}"#, "{\"a\":\"\u{1}\"}", #"{"a":1} x"#, #"{"a":tru}"#,
            #"{"a":"\ud83d"}"#,
        ] {
            var reader = JSONReader(Array(bad.utf8))
            #expect(throws: JSONReader.Failure.syntax, "\(bad)") { try reader.value() }
        }
    }
}

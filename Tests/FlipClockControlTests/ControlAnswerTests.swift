import Testing

@testable import FlipClockControl

/// Replies as the client reads them back: accepted or refused by what each form says, not by
/// searching the line.
@Suite struct ControlAnswerTests {
    @Test(arguments: ControlReplyTests.fixtures)
    func everyReplyReadsBack(_ reply: ControlReply, _ text: String, _ json: String) {
        if case .refused(let error) = reply {
            #expect(ControlAnswer(text) == .refused(error, line: text))
            #expect(ControlAnswer(json) == .refused(error, line: json))
        } else {
            #expect(ControlAnswer(text) == .accepted(String(text.dropFirst(3))))
            #expect(ControlAnswer(json) == .accepted(json))
        }
    }

    /// A reply is read by its `ok` field: a text that merely says `"ok":false` is accepted.
    @Test func theOkFieldDecidesNotTheWords() {
        let line = #"{"ok":true,"texts":{"board":"\"ok\":false"}}"#
        #expect(ControlAnswer(line) == .accepted(line))
        #expect(ControlAnswer(#"OK board="ERR""#) == .accepted(#"board="ERR""#))
    }

    @Test(arguments: [
        "", "pong", "ERR", "ERR no-such-code a reason", "OKAY", "{}", #"{"ok":"yes"}"#, #"{"ok":false}"#,
        #"{"ok":false,"code":"range"}"#, #"{"ok":false,"code":"nonsense","error":"x"}"#, "{not json",
    ])
    func whatNoReplySaysIsUnreadable(_ line: String) {
        #expect(ControlAnswer(line) == nil)
    }

    @Test func aRefusalWithoutAReasonKeepsItsCode() {
        #expect(ControlAnswer("ERR state") == .refused(ControlError(.state, ""), line: "ERR state"))
    }
}

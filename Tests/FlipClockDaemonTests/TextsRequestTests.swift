import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// Several text rows as one request (a Vestaboard message): all set in one change and one save,
/// or none when any is refused.
@Suite struct TextsRequestTests {
    static var configuration: ClockConfiguration {
        var c = ClockConfiguration()
        c.texts = [TextItem(name: "board", cards: 4)] + Vestaboard.rowItems
        return c
    }

    func handle(_ line: String, _ state: inout ClockState) throws -> (reply: String, change: ClockState.Change, saves: Bool) {
        let outcome = state.handle(try ControlRequest.parse(line), at: ClockStateTests.moment)
        return (outcome.reply.line(json: false), outcome.change, outcome.saves)
    }

    @Test func theRowsAreSetTogetherInOneChange() throws {
        var state = ClockState(configuration: Self.configuration)
        let outcome = try handle(#"text vestaboard-1="🟥 hello" vestaboard-2="20° $5" board="ok""#, &state)
        #expect(outcome.reply == #"OK board="OK" vestaboard-1="🟥 HELLO" vestaboard-2="20° $5""#)
        #expect(outcome.change == .texts(["vestaboard-1": "🟥 HELLO", "vestaboard-2": "20° $5", "board": "OK"]))
        #expect(outcome.saves)
        #expect(state.texts == ["vestaboard-1": "🟥 HELLO", "vestaboard-2": "20° $5", "board": "OK"])
    }

    @Test(arguments: [
        (
            #"text vestaboard-1="NEW" gate="X""#,
            #"ERR unknown-text "gate"; texts are board, vestaboard-1, vestaboard-2, "# + #"vestaboard-3, vestaboard-4, vestaboard-5, vestaboard-6"#
        ),
        (#"text vestaboard-1="NEW" board="TOO LONG""#, #"ERR range "TOO LONG" is 8 characters; board has 4 cards"#),
    ])
    func oneRefusedRowSetsNone(line: String, error: String) throws {
        var state = ClockState(configuration: Self.configuration)
        _ = try handle(#"text vestaboard-1="OLD""#, &state)
        let outcome = try handle(line, &state)
        #expect(outcome.reply == error)
        #expect(!outcome.saves)
        #expect(state.texts == ["vestaboard-1": "OLD"])
    }
}

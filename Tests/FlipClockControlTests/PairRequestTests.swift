import Testing

@testable import FlipClockControl

/// `pair`: the words and fields it takes, and each refusal's exact words.
@Suite struct PairRequestTests {
    @Test(arguments: [
        ("pair", ControlRequest.pair(seconds: 60, host: nil)), ("pair 2", .pair(seconds: 2, host: nil)),
        ("pair host clock.local", .pair(seconds: 60, host: "clock.local")), ("pair 600 host 2001:db8::20", .pair(seconds: 600, host: "2001:db8::20")),
        ("pair stop", .stopPairing), (#"{"command":"pair"}"#, .pair(seconds: 60, host: nil)),
        (#"{"command":"pair","seconds":1,"host":"10.0.0.5"}"#, .pair(seconds: 1, host: "10.0.0.5")),
        (#"{"command":"pair","stop":true}"#, .stopPairing),
    ])
    func reads(_ line: String, _ request: ControlRequest) throws {
        #expect(try (line.hasPrefix("{") ? ControlJSON.parse(line) : ControlRequest.parse(line)) == request)
    }

    @Test(arguments: [
        ("pair 0", ControlError(.range, "0 seconds; a pairing code shows for 1...600")),
        ("pair 601", ControlError(.range, "601 seconds; a pairing code shows for 1...600")),
        ("pair soon", ControlError(.syntax, "pair takes [SECONDS] [host NAME], or stop")),
        ("pair 5 host", ControlError(.syntax, "pair takes [SECONDS] [host NAME], or stop")),
        ("pair host a b", ControlError(.syntax, "pair takes [SECONDS] [host NAME], or stop")),
        ("pair stop now", ControlError(.syntax, "pair takes [SECONDS] [host NAME], or stop")),
        ("pair host a/b", ControlError(.syntax, #""a/b" is not a host name or address (letters, digits, . - : and at most 253)"#)),
        (
            "pair host " + String(repeating: "a", count: 254),
            ControlError(.syntax, "\"\(String(repeating: "a", count: 64))\" is not a host name or address (letters, digits, . - : and at most 253)")
        ),
        (#"{"command":"pair","seconds":700}"#, ControlError(.range, "700 seconds; a pairing code shows for 1...600")),
        (#"{"command":"pair","seconds":"60"}"#, ControlError(.syntax, #""seconds" is a whole number"#)),
        (
            #"{"command":"pair","host":"x#y"}"#,
            ControlError(.syntax, #""x#y" is not a host name or address (letters, digits, . - : and at most 253)"#)
        ),
        (#"{"command":"pair","stop":true,"seconds":5}"#, ControlError(.syntax, #""stop" is true, and comes alone"#)),
        (#"{"command":"pair","token":"x"}"#, ControlError(.syntax, #"pair takes "seconds" and "host", or "stop"; not "token""#)),
    ])
    func refuses(_ line: String, _ error: ControlError) {
        #expect(throws: error) { try line.hasPrefix("{") ? ControlJSON.parse(line) : ControlRequest.parse(line) }
    }
}

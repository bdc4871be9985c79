import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockHTTP

/// Each endpoint's request, made of its path's parameters and its body.
@Suite struct EndpointTests {
    static func endpoint(_ method: String, _ path: String) -> Endpoint {
        Endpoint.all.first { "\($0.method) \($0.path)" == "\(method) \(path)" }!
    }

    @Test func endpointsMakeTheSocketsRequests() throws {
        #expect(try Self.endpoint("GET", "/v1/state").request([:], "") == .status)
        #expect(
            try Self.endpoint("POST", "/v1/scores/set").request([:], #"{"scores":{"home":3,"away":2}}"#) == .score(.set, [("away", 2), ("home", 3)]))
        #expect(try Self.endpoint("POST", "/v1/scores/reset").request([:], "") == .score(.reset, []))
        #expect(try Self.endpoint("POST", "/v1/timers/{name}/start").request(["name": "egg"], "") == .timer(.start, name: "egg", duration: nil))
        #expect(
            try Self.endpoint("POST", "/v1/timers/{name}/start").request(["name": "egg"], #"{"duration":"25m"}"#)
                == .timer(.start, name: "egg", duration: 1500))
        #expect(
            try Self.endpoint("POST", "/v1/timers/{name}/start").request(["name": "kickoff"], #"{"at":"15:30"}"#)
                == .timerUntil(name: "kickoff", time: WallTime(hour: 15, minute: 30, second: 0)))
        #expect(try Self.endpoint("POST", "/v1/timers/{name}/pause").request(["name": "egg"], "") == .timer(.pause, name: "egg", duration: nil))
        #expect(
            try Self.endpoint("PUT", "/v1/texts/{name}").request(["name": "board"], #"{"text":"GATE 12"}"#) == .text(name: "board", text: "GATE 12"))
        #expect(
            try Self.endpoint("POST", "/v1/messages").request([:], #"{"text":"Dinner","duration":"30s","row":2}"#)
                == .message(text: "Dinner", seconds: 30, row: 2))
        #expect(try Self.endpoint("DELETE", "/v1/messages").request([:], "") == .clearMessages)
        #expect(try Self.endpoint("PUT", "/v1/messages/seconds").request([:], #"{"seconds":20}"#) == .messageSeconds(20))
        // What the document allows: other keys (schemathesis sent {"¬":{},"seconds":587.0}), and a text.
        #expect(try Self.endpoint("PUT", "/v1/messages/seconds").request([:], #"{"¬":{},"seconds":587.0}"#) == .messageSeconds(587))
        #expect(try Self.endpoint("PUT", "/v1/messages/seconds").request([:], #"{"text":"hi","seconds":5}"#) == .messageSeconds(5))
        #expect(try Self.endpoint("GET", "/v1/messages").request([:], "") == .listMessages)
        #expect(
            try Self.endpoint("PUT", "/v1/countdowns/{name}").request(["name": "opening"], #"{"to":"2027-06-01T09:00"}"#)
                == .countdown(name: "opening", target: CountdownTarget(.to, parsing: "2027-06-01T09:00")))
        #expect(
            try Self.endpoint("PUT", "/v1/countdowns/{name}").request(["name": "opening"], #"{"reset":true}"#)
                == .countdown(name: "opening", target: nil))
        #expect(try Self.endpoint("PUT", "/v1/screen").request([:], #"{"brightness":30}"#) == .screen(brightness: 0.3))
        #expect(try Self.endpoint("POST", "/v1/reload").request([:], "") == .reload)
    }

    @Test(
        arguments: [
            ("POST", "/v1/scores/set", [:], "", #"ERR syntax "scores" is missing"#),
            ("POST", "/v1/scores/set", [:], "[1]", "ERR syntax the body is not a JSON object"),
            ("POST", "/v1/scores/set", [:], #"{"scores":{"home":"x"}}"#, #"ERR syntax "home" is not a whole number"#),
            ("POST", "/v1/timers/{name}/start", ["name": "egg"], #"{"name":"tea"}"#, #"ERR syntax "name" comes from the path, not the body"#),
            (
                "POST", "/v1/timers/{name}/start", ["name": "egg"], #"{"duration":"soon"}"#,
                #"ERR syntax "soon" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#
            ),
            ("PUT", "/v1/screen", [:], #"{"brightness":0}"#, #"ERR range "0" is not a brightness: a percentage 1...100, or off"#),
            ("POST", "/v1/messages", [:], #"{"text":"hi"}"#, #"ERR syntax "duration" is missing"#),
            ("POST", "/v1/messages", [:], #"{"seconds":20}"#, #"ERR syntax the body is a message: "text" and "duration""#),
            ("PUT", "/v1/messages/seconds", [:], #"{"text":"hi","duration":5}"#, #"ERR syntax the body is {"seconds": 1...86400}"#),
            ("PUT", "/v1/messages/seconds", [:], "", "ERR syntax the body is not a JSON object"),
            ("PUT", "/v1/messages/seconds", [:], #"{"seconds":0}"#, "ERR range a message is shown for 1s to 24h"),
            ("POST", "/v1/messages", [:], #"{"command":"reload"}"#, #"ERR syntax "command" comes from the path, not the body"#),
        ] as [(String, String, [String: String], String, String)])
    func badBodiesAreRefusedNamingTheField(method: String, path: String, parameters: [String: String], body: String, error: String) {
        let made = Result { () throws(ControlError) in try Self.endpoint(method, path).request(parameters, body) }
        switch made {
        case .success(let request): Issue.record("made \(request)")
        case .failure(let refused): #expect(refused.description == error)
        }
    }

    @Test func routerPathsUseColons() {
        #expect(Self.endpoint("POST", "/v1/timers/{name}/start").routerPath == "/v1/timers/:name/start")
        #expect(Self.endpoint("POST", "/v1/timers/{name}/start").parameters == ["name"])
    }
}

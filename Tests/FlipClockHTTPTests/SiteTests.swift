import FlipClockControl
import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// Another site's page in a browser (issue 31, 6): it set a score with a `text/plain` body, and
/// a name made to resolve to loopback read the state of a tokenless API.
@Suite struct SiteTests {
    typealias Clock = RouterTests.Clock

    @Test func aBodyNotSaidToBeJSONIsRefusedBeforeTheClockIsAsked() async throws {
        let clock = Clock()
        let plain = try await clock.send(.post, "/v1/scores/set", body: #"{"scores":{"home":3}}"#, type: "text/plain")
        #expect(plain.status == 415)
        #expect(
            plain.body
                == #"{"code":"not-json","detail":"a request body is JSON: send Content-Type: application/json (not text/plain)","status":415,"title":"The body is not JSON","type":"urn:flipclock:problem:not-json"}"#
        )
        let none = try await clock.send(.post, "/v1/messages", body: #"{"text":"hi"}"#, type: nil)
        #expect(none.body.contains(#""detail":"a request body is JSON: send Content-Type: application/json (the request has none)""#))
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
        #expect(try await clock.send(.post, "/v1/scores/set", body: #"{"scores":{"home":3}}"#, type: "Application/JSON; charset=utf-8").status == 200)
        // No body, nothing to say of its type.
        #expect(try await clock.send(.post, "/v1/scores/reset", type: nil).status == 200)
    }

    @Test func aPageFromAnotherOriginIsRefused() async throws {
        let clock = Clock()
        let foreign = try await clock.send(
            .post, "/v1/scores/set", body: #"{"scores":{"home":3}}"#, host: "127.0.0.1:8080", headers: [.origin: "http://evil.example"])
        #expect(foreign.status == 403)
        #expect(
            foreign.body
                == #"{"code":"foreign-origin","detail":"the request comes from a page at http://evil.example, not from the clock's own (http://127.0.0.1:8080)","status":403,"title":"Another site's page","type":"urn:flipclock:problem:foreign-origin"}"#
        )
        #expect(try await clock.send(.post, "/v1/scores/reset", host: "127.0.0.1:8080", headers: [.origin: "null"]).status == 403)
        // Another port is another origin.
        #expect(try await clock.send(.get, "/v1/state", host: "127.0.0.1:8080", headers: [.origin: "http://127.0.0.1:8081"]).status == 403)
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
        // The clock's own page, and a client that sends no Origin.
        #expect(try await clock.send(.post, "/v1/scores/reset", host: "127.0.0.1:8080", headers: [.origin: "http://127.0.0.1:8080"]).status == 200)
        #expect(try await clock.send(.get, "/v1/state", host: "127.0.0.1:8080").status == 200)
    }

    @Test func withoutATokenOnlyTheClocksOwnNamesAreAnswered() async throws {
        let clock = Clock()
        let rebound = try await clock.send(.get, "/v1/state", host: "rebind.evil.example:8080")
        #expect(rebound.status == 421)
        #expect(
            rebound.body
                == #"{"code":"unknown-host","detail":"the request is for rebind.evil.example:8080; without a token the API answers only its own names: localhost, an IP address, 127.0.0.1, clock","status":421,"title":"Not this clock's name","type":"urn:flipclock:problem:unknown-host"}"#
        )
        for host in ["localhost:8080", "LOCALHOST", "127.0.0.1:8080", "[::1]:8080", "192.168.1.20", "clock", "clock.local.", "app.localhost"] {
            #expect(try await clock.send(.get, "/v1/state", host: host).status == 200, "\(host)")
        }
        for host in ["clock.evil.example", "localhost.evil.example", "127.0.0.1.evil.example", "evil"] {
            #expect(try await clock.send(.get, "/v1/state", host: host).status == 421, "\(host)")
        }
        #expect(clock.asked.requests.withLock { $0 }.count == 8)
    }

    /// A page without the token learns nothing from any name; a phone may know the clock by one
    /// of its own (`pair --host`).
    @Test func withATokenAnyNameIsAnswered() async throws {
        let clock = Clock(token: BearerToken(fileText: "0123456789abcdef0123\n"))
        let answer = try await clock.send(.get, "/v1/state", host: "scoreboard.lan:8080", headers: [.authorization: "Bearer 0123456789abcdef0123"])
        #expect(answer.status == 200)
    }
}

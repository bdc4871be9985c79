import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// HEAD got 405 where GET works, and `/favicon.ico` 401 (issue 31, 19).
@Suite struct HeadTests {
    typealias Clock = RouterTests.Clock

    @Test func headIsAnsweredWhereGetIs() async throws {
        let clock = Clock()
        let state = try await clock.send(.head, "/v1/state")
        #expect(state.status == 200)
        #expect(state.type == "application/json")
        #expect(state.body.isEmpty)
        let page = try await clock.send(.head, "/")
        #expect(page.status == 200)
        #expect(page.type == "text/html; charset=utf-8")
        #expect(page.body.isEmpty)
        // A path with only POST: 405, as for any other method.
        #expect(try await clock.send(.head, "/v1/scores/set").status == 405)
    }

    /// The stream's headers, without listening: this clock's `listen` has no room (GET is 503).
    @Test func headOfTheEventsDoesNotListen() async throws {
        let clock = Clock()
        #expect(try await clock.send(.get, "/v1/events").status == 503)
        let head = try await clock.send(.head, "/v1/events")
        #expect(head.status == 200)
        #expect(head.type == "text/event-stream")
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func theFaviconIsNotFoundWithoutTheToken() async throws {
        let clock = Clock(token: BearerToken(fileText: "0123456789abcdef0123\n"))
        let icon = try await clock.send(.get, "/favicon.ico")
        #expect(icon.status == 404)
        #expect(
            icon.body
                == #"{"code":"not-found","detail":"no GET /favicon.ico; the API is described at /v1/openapi.json","status":404,"title":"No such endpoint","type":"urn:flipclock:problem:not-found"}"#
        )
        #expect(try await clock.send(.get, "/v1/state").status == 401)
    }
}

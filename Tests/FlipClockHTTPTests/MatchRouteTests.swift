import FlipClockControl
import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// `GET /v1/match`: what the MQTT side keeps of the `[match]`, with the token like the rest
/// of the API, and `null` on a clock without one; the loop is asked nothing.
@Suite struct MatchRouteTests {
    @Test func aClockWithoutAMatchAnswersNull() async throws {
        let clock = RouterTests.Clock()
        let answer = try await clock.send(.get, "/v1/match")
        #expect(answer.status == 200)
        #expect(answer.type == "application/json")
        #expect(answer.body == #"{"match":null,"ok":true}"#)
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func theMatchIsAnsweredAsTheMQTTSideKeepsIt() async throws {
        let match: JSONValue = ["topic": "flipclock/match/hall", "leading": true, "screens": []]
        let answer = try await RouterTests.Clock(match: match).send(.get, "/v1/match")
        #expect(answer.body == #"{"match":{"leading":true,"screens":[],"topic":"flipclock/match/hall"},"ok":true}"#)
    }

    @Test func theMatchNeedsTheToken() async throws {
        let answer = try await RouterTests.Clock(token: PageTests.token).send(.get, "/v1/match")
        #expect(answer.status == 401)
    }
}

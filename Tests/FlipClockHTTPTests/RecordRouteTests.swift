import FlipClockControl
import FlipClockCore
import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// `GET /v1/game/record`: the record as JSON or CSV, its query checked; and the source each
/// call is asked with (the token's fingerprint, the page's client id).
@Suite struct RecordRouteTests {
    static var record: MatchRecord {
        var record = MatchRecord(match: 3, started: WallInstant(unixSeconds: 1_795_000_000))
        record.entries = (1...3).map {
            RecordEntry(
                sequence: $0, at: WallInstant(unixSeconds: 1_795_000_000 + $0), clock: "10:00", clockMilliseconds: 600_000, period: 1,
                source: .socket(uid: 1000), change: "score add home=1", scores: ["home": $0])
        }
        return record
    }

    @Test func theRecordIsJSON() async throws {
        let answer = try await RouterTests.Clock(record: Self.record).send(.get, "/v1/game/record")
        #expect(answer.status == 200 && answer.type == "application/json")
        let object = try #require(ControlJSON.object(answer.body))
        #expect(object["match"] == 3 && object["truncated"] == .null && object["ok"] == true)
        #expect(object["entries"] == Self.record.json.object?["entries"])
    }

    @Test(arguments: [("/v1/game/record?format=csv", HTTPFields()), ("/v1/game/record", HTTPFields([HTTPField(name: .accept, value: "text/csv")]))])
    func theRecordIsCSVWhenAskedFor(_ path: String, _ headers: HTTPFields) async throws {
        let answer = try await RouterTests.Clock(record: Self.record).send(.get, path, headers: headers)
        #expect(answer.type == "text/csv; charset=utf-8; header=present")
        #expect(answer.body == Self.record.csv)
    }

    @Test func theLastEntriesAlone() async throws {
        let answer = try await RouterTests.Clock(record: Self.record).send(.get, "/v1/game/record?format=csv&last=1")
        #expect(answer.body.split(separator: "\r\n").map { $0.prefix(2) } == ["se", "3,"])
    }

    @Test(arguments: [
        ("format=xml", #"format is json or csv, not \"xml\""#), ("match=0", #"match is a match's number 1...1000000000, not \"0\""#),
        ("last=101", #"last is 1...100 entries, not \"101\""#),
    ])
    func aBadQueryIsRefusedInWords(_ query: String, _ detail: String) async throws {
        let answer = try await RouterTests.Clock(record: Self.record).send(.get, "/v1/game/record?" + query)
        #expect(answer.status == 400)
        #expect(answer.body.contains(#""detail":"\#(detail)""#))
    }

    @Test func noRecordIsNotFound() async throws {
        let answer = try await RouterTests.Clock().send(.get, "/v1/game/record")
        #expect(answer.status == 404)
        #expect(answer.body.contains(#""code":"no-record""#) && answer.body.contains("no match has been recorded in r"))
    }

    @Test func aCallIsAskedWithItsTokensFingerprintOrItsPagesId() async throws {
        let clock = RouterTests.Clock(token: PageTests.token)
        let bearer = "Bearer \(PageTests.token!.text)"
        _ = try await clock.send(.get, "/v1/ping", headers: [.authorization: bearer])
        _ = try await clock.send(.get, "/v1/ping", headers: [.authorization: bearer, HTTPField.Name("X-Flipclock-Client")!: "tab-1"])
        _ = try await clock.send(.get, "/v1/ping", headers: [.authorization: bearer, HTTPField.Name("X-Flipclock-Client")!: "no spaces"])
        let print = ChangeSource.fingerprint(of: PageTests.token!.text)
        #expect(
            clock.asked.sources.withLock { $0 } == ["http 127.0.0.1 token \(print)", "page tab-1 127.0.0.1", "http 127.0.0.1 token \(print)"])
    }

    @Test func postingRecordToTheGameIsRefused() async throws {
        let answer = try await RouterTests.Clock().send(.post, "/v1/game", body: #"{"do":"record"}"#)
        #expect(answer.status == 400)
        #expect(answer.body.contains("the record is read with GET /v1/game/record"))
    }
}

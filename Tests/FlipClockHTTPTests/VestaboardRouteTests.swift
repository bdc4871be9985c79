import FlipClockControl
import FlipClockCore
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// Vestaboard's local API on the router: its key, its statuses and bodies as the board's, the
/// clock asked as the socket asks it.
@Suite struct VestaboardRouteTests {
    static let key = VestaboardKey(fileText: "  the-local-key  \nignored\n")!
    static let header = HTTPField.Name("X-Vestaboard-Local-Api-Key")!
    static let status = ControlReply.status(
        .init(
            time: WallTime(hour: 12, minute: 0, second: 0), scores: [], texts: ["vestaboard-3": " HELLO 🟥"], timers: [], screen: .on,
            output: "png", game: nil, sets: nil, messageSeconds: 10, match: nil))

    @Test func aReadIsTheRowsAsCodes() async throws {
        let clock = RouterTests.Clock(reply: Self.status, vestaboard: Self.key)
        let answer = try await clock.send(.get, "/local-api/message", headers: [Self.header: "the-local-key"])
        #expect(answer.status == 200)
        #expect(answer.type == "application/json")
        #expect(answer.body == #"{"message":\#(VestaboardMessageTestsGrid.hello)}"#)
        #expect(clock.asked.requests.withLock { $0 } == [.status])
    }

    @Test func aWriteIsOneTextRequestAnswered201() async throws {
        let clock = RouterTests.Clock(reply: .texts(shown: [:], texts: [:]), vestaboard: Self.key)
        let answer = try await clock.send(
            .post, "/local-api/message", body: VestaboardMessageTestsGrid.hello, headers: [Self.header: "the-local-key"])
        #expect(answer.status == 201)
        #expect(answer.body == "")
        #expect(clock.asked.requests.withLock { $0 } == [.texts(zip(Vestaboard.rowNames, ["", "", " HELLO 🟥", "", "", ""]).map { ($0, $1) })])
        // Whatever the body is said to be: the key, which a page cannot send without asking, is the guard.
        let plain = try await clock.send(
            .post, "/local-api/message", body: VestaboardMessageTestsGrid.hello, type: "application/x-www-form-urlencoded",
            headers: [Self.header: "the-local-key"])
        #expect(plain.status == 201)
    }

    @Test(arguments: [nil, "", "the-local-ke", "the-local-key2", "THE-LOCAL-KEY"] as [String?])
    func aWrongOrMissingKeyIsRefusedAsTheBoardRefusesIt(given: String?) async throws {
        let clock = RouterTests.Clock(reply: Self.status, vestaboard: Self.key)
        let headers: HTTPFields = given.map { [Self.header: $0] } ?? [:]
        for method in [HTTPRequest.Method.get, .post] {
            let answer = try await clock.send(method, "/local-api/message", body: method == .post ? "[]" : "", headers: headers)
            #expect(answer.status == 401)
            #expect(answer.type == "text/plain; charset=utf-8")
            #expect(answer.body == "Invalid API key")
        }
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func aBadGridIsAProblemNamingWhereAndTheClockIsNotAsked() async throws {
        let clock = RouterTests.Clock(reply: Self.status, vestaboard: Self.key)
        let answer = try await clock.send(.post, "/local-api/message", body: "[[0,43]]", headers: [Self.header: "the-local-key"])
        #expect(answer.status == 400)
        #expect(answer.type == "application/problem+json")
        #expect(answer.body.contains(#""detail":"the message has 1 rows; a Vestaboard has 6 rows of 22""#))
        let value = try await clock.send(
            .post, "/local-api/message", body: VestaboardMessageTestsGrid.hello.replacingOccurrences(of: "63", with: "61"),
            headers: [Self.header: "the-local-key"])
        #expect(value.status == 400)
        #expect(value.body.contains(#"row 3, column 8: 61 is not a Vestaboard character code"#))
        let large = try await clock.send(
            .post, "/local-api/message", body: String(repeating: " ", count: 4097), headers: [Self.header: "the-local-key"])
        #expect(large.status == 413)
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func theKeyNotTheTokenLetsItInAndOnlyThere() async throws {
        let token = BearerToken(fileText: "0123456789abcdef0123456789abcdef")!
        let clock = RouterTests.Clock(reply: Self.status, token: token, vestaboard: Self.key)
        let read = try await clock.send(.get, "/local-api/message", headers: [Self.header: "the-local-key"])
        #expect(read.status == 200)
        let state = try await clock.send(.get, "/v1/state", headers: [Self.header: "the-local-key"])
        #expect(state.status == 401)
    }

    @Test func withoutVestaboardThereIsNoSuchPath() async throws {
        let clock = RouterTests.Clock(reply: Self.status)
        let answer = try await clock.send(.get, "/local-api/message", headers: [Self.header: "the-local-key"])
        #expect(answer.status == 404)
    }
}

/// A message with ` HELLO 🟥` on its third row.
enum VestaboardMessageTestsGrid {
    /// Built a step at a time: Swift 6.2.3 (the arm64 tests' compiler) cannot type-check it as
    /// one expression in time.
    static let hello: String = {
        let blank: String = "[" + Array(repeating: "0", count: 22).joined(separator: ",") + "]"
        let third: String = "[0,8,5,12,12,15,0,63" + String(repeating: ",0", count: 14) + "]"
        let rows: [String] = (0..<6).map { (row: Int) -> String in row == 2 ? third : blank }
        return "[" + rows.joined(separator: ",") + "]"
    }()
}

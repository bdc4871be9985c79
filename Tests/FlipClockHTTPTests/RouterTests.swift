import FlipClockControl
import FlipClockCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization
import Testing

@testable import FlipClockHTTP

/// The router as the server runs it, without a socket: requests in, responses and the
/// requests the clock was asked out.
@Suite struct RouterTests {
    /// A router whose clock answers `reply` and keeps what it was asked.
    final class Clock: Sendable {
        let asked = Asked()
        let responder: RouterResponder<APIRequestContext>

        init(
            reply: ControlReply = .pong, token: BearerToken? = nil, limits: HTTPLimits = HTTPLimits(), match: JSONValue? = nil,
            record: MatchRecord? = nil, vestaboard: VestaboardKey? = nil
        ) {
            let asked = self.asked
            var clock = ClockAPI.Clock(
                ask: { request, source in
                    asked.requests.withLock { $0.append(request) }
                    asked.sources.withLock { $0.append(source) }
                    return reply
                }, metrics: { "# metrics\n" },
                snapshot: { screen throws(ControlError) in
                    guard screen == nil || screen == "HDMI-A-1" else { throw ControlError(.unknownScreen, "\"\(screen!)\"; screens are HDMI-A-1") }
                    return ScreenSnapshot(screen: "HDMI-A-1", frame: 42, png: [0x89, 0x50, 0x4E, 0x47])
                }, listen: { nil }, match: { match })
            clock.record = { _ in record.map { .success($0) } ?? .failure(RecordError("no match has been recorded in r", missing: true)) }
            let site = RequestSite(listen: "127.0.0.1", hasToken: token != nil, machine: { "clock" })
            responder = ClockAPI.router(clock: clock, token: token, site: site, limits: limits, vestaboard: vestaboard).buildResponder()
        }

        /// A request for `path` on `host`; a body is said to be `type`.
        func send(
            _ method: HTTPRequest.Method, _ path: String, body: String = "", type: String? = "application/json", host: String = "localhost",
            headers: HTTPFields = [:]
        ) async throws -> (status: Int, type: String?, body: String, headers: HTTPFields) {
            var head = HTTPRequest(method: method, scheme: "http", authority: host, path: path)
            head.headerFields = headers
            if !body.isEmpty, let type { head.headerFields[.contentType] = type }
            let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
            let response = try await responder.respond(to: request, context: APIRequestContext(peer: "127.0.0.1", logger: Logger(label: "test")))
            let collected = Collected()
            try await response.body.write(collected)
            return (response.status.code, response.headers[.contentType], collected.text.withLock { $0 }, response.headers)
        }
    }

    final class Asked: Sendable {
        let requests = Mutex<[ControlRequest]>([])
        let sources = Mutex<[String]>([])
    }

    final class Collected: ResponseBodyWriter, Sendable {
        let text = Mutex("")
        func write(_ buffer: ByteBuffer) async throws { text.withLock { $0 += String(buffer: buffer) } }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    @Test func aRequestGoesToTheClockAndItsReplyComesBackAsJSON() async throws {
        let clock = Clock(reply: .scores([.init(name: "home", value: 3), .init(name: "away", value: 0)]))
        let answer = try await clock.send(.post, "/v1/scores/set", body: #"{"scores":{"home":3}}"#)
        #expect(answer.status == 200)
        #expect(answer.type == "application/json")
        #expect(answer.body == #"{"ok":true,"scores":{"away":0,"home":3}}"#)
        #expect(clock.asked.requests.withLock { $0 } == [.score(.set, [("home", 3)])])
    }

    @Test func aRefusalIsProblemDetails() async throws {
        let clock = Clock(reply: .refused(ControlError(.range, "home would be 100; allowed 0...99")))
        let answer = try await clock.send(.post, "/v1/scores/add", body: #"{"scores":{"home":95}}"#)
        #expect(answer.status == 422)
        #expect(answer.type == "application/problem+json")
        #expect(
            answer.body
                == #"{"code":"range","detail":"home would be 100; allowed 0...99","status":422,"title":"Out of range","type":"urn:flipclock:problem:range"}"#
        )
    }

    @Test func aBadBodyIsRefusedBeforeTheClockIsAsked() async throws {
        let clock = Clock()
        let answer = try await clock.send(.put, "/v1/screen", body: #"{"power":"sideways"}"#)
        #expect(answer.status == 400)
        #expect(answer.body.contains(#""detail":"screen takes \"power\": \"on\" or \"off\", or \"brightness\": 1...100""#))
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func noSuchRouteIsProblemDetails() async throws {
        let answer = try await Clock().send(.get, "/v1/scores/multiply")
        #expect(answer.status == 404)
        #expect(
            answer.body
                == #"{"code":"not-found","detail":"no GET /v1/scores/multiply; the API is described at /v1/openapi.json","status":404,"title":"No such endpoint","type":"urn:flipclock:problem:not-found"}"#
        )
    }

    /// A path the API has, with a method it has not there: 405 and the methods it has (RFC 9110
    /// 15.5.6), which schemathesis found answered 404.
    @Test func anotherMethodOnAKnownPathIsNotAllowed() async throws {
        let set = try await Clock().send(.get, "/v1/scores/set")
        #expect(set.status == 405)
        #expect(set.headers[.allow] == "POST")
        #expect(
            set.body
                == #"{"code":"method-not-allowed","detail":"/v1/scores/set takes POST, not GET","status":405,"title":"Method not allowed","type":"urn:flipclock:problem:method-not-allowed"}"#
        )
        let messages = try await Clock().send(.init("TRACE")!, "/v1/messages")
        #expect(messages.status == 405)
        #expect(messages.headers[.allow] == "POST, GET, DELETE")
        #expect(try await Clock().send(.patch, "/v1/timers/egg/start").headers[.allow] == "POST")
        #expect(try await Clock().send(.get, "/v1/timers//start").status == 404)
    }

    @Test func anOversizeBodyIsRefused() async throws {
        var limits = HTTPLimits()
        limits.body = 64
        let answer = try await Clock(limits: limits).send(.post, "/v1/messages", body: String(repeating: "x", count: 65))
        #expect(answer.status == 413)
        #expect(answer.body.contains(#""detail":"a request body is at most 64 bytes""#))
    }

    @Test func theTokenIsNeededWhenThereIsOne() async throws {
        let clock = Clock(token: BearerToken(fileText: "0123456789abcdef0123\n"))
        let none = try await clock.send(.get, "/v1/state")
        #expect(none.status == 401)
        #expect(none.body.contains(#""detail":"the request has no Authorization header; send Authorization: Bearer TOKEN""#))
        let wrong = try await clock.send(.get, "/v1/state", headers: [.authorization: "Bearer 0123456789abcdef0124"])
        #expect(wrong.status == 401)
        #expect(wrong.body.contains(#""detail":"the token is not the one in the daemon's token file""#))
        #expect(try await clock.send(.get, "/v1/state", headers: [.authorization: "Bearer 0123456789abcdef0123"]).status == 200)
        #expect(clock.asked.requests.withLock { $0 } == [.status])
    }

    @Test func aClientOverItsRateIsToldToWait() async throws {
        var limits = HTTPLimits()
        limits.burst = 2
        limits.perSecond = 0.5
        let clock = Clock(limits: limits)
        #expect(try await clock.send(.get, "/v1/ping").status == 200)
        #expect(try await clock.send(.get, "/v1/ping").status == 200)
        let refused = try await clock.send(.get, "/v1/ping")
        #expect(refused.status == 429)
        #expect(refused.body.contains(#""detail":"too many requests from this address; try again in 2 s""#))
    }

    @Test func aSnapshotIsThePNGTaggedWithItsScreenAndFrame() async throws {
        let clock = Clock()
        let first = try await clock.send(.get, "/v1/snapshot.png")
        #expect(first.status == 200)
        #expect(first.type == "image/png")
        #expect(first.body.hasSuffix("PNG"))
        #expect(first.headers[.eTag] == "\"\(SnapshotResponse.run)-42\"")
        let again = try await clock.send(
            .get, "/v1/snapshot.png?screen=HDMI-A-1", headers: [.ifNoneMatch: "W/\"x\", \"\(SnapshotResponse.run)-42\""])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let unknown = try await clock.send(.get, "/v1/snapshot.png?screen=DP-2")
        #expect(unknown.status == 404)
        #expect(unknown.body.contains(#""detail":"\"DP-2\"; screens are HDMI-A-1""#))
    }

    @Test func tooManyListenersAreToldTheClockIsBusy() async throws {
        let answer = try await Clock().send(.get, "/v1/events")
        #expect(answer.status == 503)
        #expect(answer.body.contains(#""detail":"too many clients listen to the events already; try again later""#))
    }

    /// The document lists every route the router has, with its methods, and nothing else: each
    /// documented operation is answered (not 404), and every other method on its path is 405 with the others in `Allow`.
    @Test func theOpenAPIDocumentMatchesTheRouter() async throws {
        var limits = HTTPLimits()
        limits.burst = 1000
        // A record to answer with: without one GET /v1/game/record is a 404 of its own.
        let clock = Clock(limits: limits, record: MatchRecord(match: 1, started: WallInstant(unixSeconds: 0)))
        let served = try await clock.send(.get, "/v1/openapi.json")
        #expect(served.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(served.body.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, item) in paths { for method in item.keys { documented.insert("\(method.uppercased()) \(path)") } }
        #expect(documented == Set(ClockAPI.routes.map { "\($0.method) \($0.path)" }))
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        for path in paths.keys {
            let concrete = path.replacingOccurrences(of: "{name}", with: "egg")
            let allowed = methods.filter { documented.contains("\($0) \(path)") }
            for method in methods {
                let answer = try await clock.send(method, concrete)
                if allowed.contains(method) {
                    #expect(![404, 405].contains(answer.status), "\(method) \(path): \(answer.status)")
                } else {
                    #expect(answer.status == 405, "\(method) \(path): \(answer.status)")
                    #expect(answer.headers[.allow].map { Set($0.split(separator: ", ").map(String.init)) } == Set(allowed.map(\.rawValue)))
                }
            }
        }
    }
}

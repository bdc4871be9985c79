import FlipClockControl
import FoundationEssentials
import HTTPTypes

/// An error as the API answers it: RFC 9457 problem details (`application/problem+json`), its
/// `type` a URN of the code (`urn:flipclock:problem:range`) and its `detail` naming what is
/// wrong; `code` is the socket's error code, for scripts that speak both.
public struct Problem: Error, Equatable, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var title: String
    public var detail: String
    /// Headers the status calls for: `WWW-Authenticate`, `Retry-After`.
    public var headers: HTTPFields = [:]

    public init(status: HTTPResponse.Status, code: String, title: String, detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    /// A refusal of the clock's, its status by its code.
    public init(_ error: ControlError) {
        let (status, title): (HTTPResponse.Status, String) =
            switch error.code {
            case .syntax: (.badRequest, "The request is not understood")
            case .unknownCommand: (.notFound, "No such command")
            case .unknownScore: (.unprocessableContent, "No such score")
            case .unknownTimer: (.notFound, "No such timer")
            case .unknownText: (.notFound, "No such text row")
            case .unknownFace: (.notFound, "No such face")
            case .unknownCountdown: (.notFound, "No such countdown")
            case .unknownScreen: (.notFound, "No such screen")
            case .unknownMessage: (.notFound, "No such message")
            case .range: (.unprocessableContent, "Out of range")
            case .tooLong: (.unprocessableContent, "Too long")
            case .reloadFailed: (.internalServerError, "The configuration could not be reloaded")
            case .state: (.conflict, "Not possible now")
            case .queueFull: (.conflict, "Too many messages are waiting")
            case .ledElsewhere: (.conflict, "The match is led by another clock")
            case .notShared: (.gatewayTimeout, "The match's broker did not take the change")
            case .busy: (.serviceUnavailable, "The clock is busy")
            }
        self.init(status: status, code: error.code.rawValue, title: title, detail: error.reason)
        if error.code == .busy { headers[.retryAfter] = "1" }
    }

    public static func unauthorized(_ detail: String) -> Problem {
        Problem(
            status: .unauthorized, code: "unauthorized", title: "A token is needed", detail: detail,
            headers: [.wwwAuthenticate: #"Bearer realm="flipclock""#])
    }

    public static func notFound(_ method: HTTPRequest.Method, _ path: String) -> Problem {
        Problem(
            status: .notFound, code: "not-found", title: "No such endpoint", detail: "no \(method) \(path); the API is described at /v1/openapi.json")
    }

    /// A path the API has, asked with a method it has not there.
    public static func methodNotAllowed(_ method: HTTPRequest.Method, _ path: String, allowed: [HTTPRequest.Method]) -> Problem {
        let methods = allowed.map(\.rawValue).joined(separator: ", ")
        return Problem(
            status: .methodNotAllowed, code: "method-not-allowed", title: "Method not allowed", detail: "\(path) takes \(methods), not \(method)",
            headers: [.allow: methods])
    }

    public static func tooLarge(limit: Int) -> Problem {
        Problem(status: .contentTooLarge, code: "too-large", title: "The body is too large", detail: "a request body is at most \(limit) bytes")
    }

    /// A body not said to be JSON: its `Content-Type`, or none.
    public static func notJSON(_ type: String?) -> Problem {
        let given = type.map { "not \(RequestSite.shown($0))" } ?? "the request has none"
        return Problem(
            status: .unsupportedMediaType, code: "not-json", title: "The body is not JSON",
            detail: "a request body is JSON: send Content-Type: application/json (\(given))")
    }

    public static func tooManyRequests(retryAfter seconds: Int) -> Problem {
        Problem(
            status: .tooManyRequests, code: "too-many-requests", title: "Too many requests",
            detail: "too many requests from this address; try again in \(seconds) s", headers: [.retryAfter: "\(seconds)"])
    }

    /// Any other status Hummingbird answers with.
    public init(status: HTTPResponse.Status, detail: String) {
        self.init(status: status, code: "http-\(status.code)", title: status.reasonPhrase, detail: detail)
    }

    private struct Body: Encodable {
        var type: String
        var title: String
        var status: Int
        var detail: String
        var code: String
    }

    /// The problem as its JSON object, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Body(type: "urn:flipclock:problem:\(code)", title: title, status: status.code, detail: detail, code: code)
        return (try? encoder.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

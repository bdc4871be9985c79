import FlipClockControl
import FlipClockCore
import HTTPTypes

/// One route of the API and the ``ControlRequest`` it makes: the HTTP side's only decision.
///
/// The path is written as the OpenAPI document writes it (`/v1/timers/{name}/start`); its
/// parameters and the body's fields are read as the socket's JSON form reads a request
/// (`ControlJSON.parse(command:fields:body:)`), so both sides refuse the same things alike.
public struct Endpoint: Sendable {
    public var method: HTTPRequest.Method
    public var path: String
    /// The request made of the path's parameters and the body (a JSON object, or nothing).
    let request: @Sendable ([String: String], String) throws(ControlError) -> ControlRequest

    init(
        _ method: HTTPRequest.Method, _ path: String, _ request: @escaping @Sendable ([String: String], String) throws(ControlError) -> ControlRequest
    ) {
        self.method = method
        self.path = path
        self.request = request
    }

    /// An endpoint whose body is read as the JSON form's fields of `command`, with `fields` and
    /// the path's parameters added.
    init(_ method: HTTPRequest.Method, _ path: String, command: String, fields: [String: String] = [:]) {
        self.init(method, path) { (parameters: [String: String], body: String) throws(ControlError) -> ControlRequest in
            try ControlJSON.parse(command: command, fields: fields.merging(parameters) { $1 }, body: body)
        }
    }

    /// The names in braces in ``path``.
    public var parameters: [String] { Self.parameters(of: path) }

    /// The names in braces in `path`.
    static func parameters(of path: String) -> [String] {
        path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }

    /// The path as Hummingbird's router writes it: `/v1/timers/:name/start`.
    var routerPath: String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix("{") ? ":\($0.dropFirst().dropLast())" : String($0) }
            .joined(separator: "/")
    }

    /// Every endpoint that asks the clock, in the order the OpenAPI document lists them.
    public static let all: [Endpoint] =
        [
            Endpoint(.get, "/v1/state") { _, _ in .status },
            Endpoint(.get, "/v1/ping") { _, _ in .ping },
        ]
        + ControlRequest.ScoreAction.allCases.map { Endpoint(.post, "/v1/scores/\($0.rawValue)", command: "score", fields: ["action": $0.rawValue]) }
        + ControlRequest.TimerAction.allCases.map {
            Endpoint(.post, "/v1/timers/{name}/\($0.rawValue)", command: "timer", fields: ["action": $0.rawValue])
        }
        + [
            Endpoint(.put, "/v1/texts/{name}", command: "text"),
            Endpoint(.post, "/v1/messages") { _, body throws(ControlError) in
                let request = try ControlJSON.parse(command: "message", fields: [:], body: body)
                // The message seconds have their own path.
                if case .messageSeconds = request { throw ControlError(.syntax, "the body is a message: \"text\" and \"duration\"") }
                return request
            },
            Endpoint(.put, "/v1/messages/seconds") { _, body throws(ControlError) in
                // Only "seconds" is read, as other bodies' unknown keys are not.
                let object = try JSONValue.object(reading: body, notAnObject: "the body is not a JSON object")
                guard let seconds = object["seconds"] else { throw ControlError(.syntax, "the body is {\"seconds\": 1...86400}") }
                return try ControlJSON.parse(command: "message", fields: [:], body: ControlJSON.line(["seconds": seconds]))
            },
            Endpoint(.get, "/v1/messages") { _, _ in .listMessages },
            Endpoint(.delete, "/v1/messages") { _, _ in .clearMessages },
            Endpoint(.delete, "/v1/messages/named/{name}") { parameters, _ throws(ControlError) in
                .retractMessage(name: try RequestField.messageName(parameters["name", default: ""]))
            },
            Endpoint(.put, "/v1/screen", command: "screen"),
            Endpoint(.put, "/v1/sound", command: "sound"),
            Endpoint(.put, "/v1/face", command: "face"),
            Endpoint(.post, "/v1/game") { _, body throws(ControlError) in
                let request = try ControlJSON.parse(command: "game", fields: [:], body: body)
                if case .game(.record) = request { throw ControlError(.syntax, "the record is read with GET /v1/game/record") }
                return request
            },
            Endpoint(.post, "/v1/point", command: "point"),
            Endpoint(.put, "/v1/countdowns/{name}", command: "countdown"),
            Endpoint(.post, "/v1/reload") { _, _ in .reload },
        ]
}

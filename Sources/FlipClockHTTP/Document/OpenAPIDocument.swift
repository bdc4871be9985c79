import FlipClockControl
import HTTPTypes

/// The API described in OpenAPI 3.1, served at `/v1/openapi.json`: each route of
/// ``ClockAPI/routes`` with what ``operations`` says of it. A route it says nothing of is
/// left out, and the test that compares the document with the router fails.
///
/// Vestaboard's `/local-api/message` (``VestaboardRoute``) is not in ``ClockAPI/routes`` nor
/// here: it exists only with `[vestaboard]`, its key header would make the bearer scheme optional
/// for every path, and its 401 is the board's text, not problem details (docs/http.md).
public enum OpenAPIDocument {
    /// What the document says of one route: a summary, the reply's schema, the body's (and
    /// whether it is required), and the statuses of the problems particular to it.
    struct Operation {
        var id: String
        var summary: String
        var reply: String
        var body: (schema: String, required: Bool)? = nil
        /// (409 too where the change is saved first: a state file that cannot be written
        /// refuses it with `state`.)
        var problems: [Int] = []
        /// The reply's media type.
        var type = "application/json"
        /// Query parameters, each with what it means.
        var query: [String: String] = [:]
        /// A query parameter's schema where it is more than a string.
        var queryTypes: [String: JSONValue] = [:]
        /// Whether it answers 304 to an `If-None-Match` naming what it would send.
        var unchanged = false
        /// Whether it is answered without the token.
        var open = false
        /// Another media type it answers, and its schema (`?format=csv`).
        var also: (type: String, schema: String)? = nil
    }

    static let operations: [String: Operation] = [
        "GET /v1/state": Operation(
            id: "getState", summary: "What the clock shows: the time, scores, timers, texts, screen and output.", reply: "State"),
        "GET /v1/ping": Operation(id: "ping", summary: "Whether the clock answers.", reply: "Ok"),
        "POST /v1/scores/set": Operation(
            id: "setScores", summary: "Set scores, all or none.", reply: "Scores", body: ("Scores", true), problems: [400, 409, 422]),
        "POST /v1/scores/add": Operation(
            id: "addScores", summary: "Add to scores, all or none.", reply: "Scores", body: ("Scores", true), problems: [400, 409, 422]),
        "POST /v1/scores/subtract": Operation(
            id: "subtractScores", summary: "Subtract from scores, all or none.", reply: "Scores", body: ("Scores", true), problems: [400, 409, 422]),
        "POST /v1/scores/reset": Operation(
            id: "resetScores", summary: "Reset the scores named (their values are ignored), or every score.", reply: "Scores",
            body: ("ScoresReset", false),
            problems: [400, 409, 422]),
        "POST /v1/timers/{name}/start": Operation(
            id: "startTimer", summary: "Start a timer: its own duration, another, or a countdown to a time of day (at).", reply: "Timers",
            body: ("TimerStart", false), problems: [400, 404, 409, 422]),
        "POST /v1/timers/{name}/pause": Operation(id: "pauseTimer", summary: "Pause a running timer.", reply: "Timers", problems: [400, 404, 409]),
        "POST /v1/timers/{name}/resume": Operation(id: "resumeTimer", summary: "Resume a paused timer.", reply: "Timers", problems: [400, 404, 409]),
        "POST /v1/timers/{name}/reset": Operation(id: "resetTimer", summary: "Reset a timer.", reply: "Timers", problems: [400, 404, 409]),
        "PUT /v1/texts/{name}": Operation(
            id: "setText", summary: "Show a text on a text row's cards.", reply: "Texts", body: ("Text", true), problems: [400, 404, 409, 422]),
        "POST /v1/messages": Operation(
            id: "postMessage", summary: "Show a message on the panel under a row; it waits while another shows.", reply: "Message",
            body: ("Message", true), problems: [400, 409, 422]),
        "PUT /v1/messages/seconds": Operation(
            id: "setMessageSeconds", summary: "How long a message sent without its own duration shows (MQTT's), kept over a restart.",
            reply: "MessageSeconds", body: ("MessageSeconds", true), problems: [400, 409, 422]),
        "GET /v1/messages": Operation(id: "listMessages", summary: "The message on the panel, then those waiting, oldest first.", reply: "Messages"),
        "DELETE /v1/messages": Operation(id: "clearMessages", summary: "Close the panel and drop the messages waiting.", reply: "Cleared"),
        "DELETE /v1/messages/named/{name}": Operation(
            id: "retractMessage", summary: "Take the message of this name away: from the queue, or off the panel (it closes).",
            reply: "Messages", problems: [400, 404]),
        "PUT /v1/screen": Operation(
            id: "setScreen", summary: "Turn the screens off or on, or dim them, until the night schedule next changes.", reply: "Screen",
            body: ("Screen", true), problems: [400]),
        "PUT /v1/sound": Operation(
            id: "setSound", summary: "Turn the clicks and the horn on or off ([sound]); the night schedule silences them while it dims the screen.",
            reply: "Sound", body: ("Sound", true), problems: [400, 409]),
        "PUT /v1/face": Operation(
            id: "setFace",
            summary: "Hold a [[face]] (default: the [[row]] face) for a duration or until the faces in force change; auto: the schedule's.",
            reply: "Face", body: ("Face", true), problems: [400, 404, 422]),
        "POST /v1/game": Operation(
            id: "game", summary: "An operator's action on the game's clocks ([game]): the words of `flipclockctl game`.", reply: "Game",
            body: ("Game", true), problems: [400, 409]),
        "POST /v1/point": Operation(
            id: "point",
            summary: "A point, a timeout, who serves, undo or a new match, in a match counted in sets ([sets]): the words of `flipclockctl point`.",
            reply: "Point", body: ("Point", true), problems: [400, 409]),
        "PUT /v1/countdowns/{name}": Operation(
            id: "setCountdown",
            summary:
                "Count a countdown ([[countdown]]) to a moment (to) or up since one (since) on the clock's calendar, or back to the configuration's (reset).",
            reply: "Countdowns", body: ("Countdown", true), problems: [400, 404, 409, 422]),
        "POST /v1/reload": Operation(
            id: "reload", summary: "Read the configuration file again; [http] itself takes effect at the next start.", reply: "Reloaded",
            problems: [500]),
        "GET /v1/snapshot.png": Operation(
            id: "getSnapshot", summary: "What a screen shows now, upright and at full brightness, as a PNG file; its ETag changes with it.",
            reply: "PNG", problems: [404, 409], type: "image/png", query: ["screen": "The output's name (the log's); the first screen if left out."],
            unchanged: true),
        "GET /v1/events": Operation(
            id: "getEvents",
            summary:
                "Server-Sent Events: `state` (the state, as GET /v1/state, first and whenever more than its time changes) and `shown` ({\"frame\":N}: the screens rest on a new picture).",
            reply: "Events", type: "text/event-stream"),
        "GET /v1/match": Operation(
            id: "getMatch",
            summary:
                "The [match] as this clock sees it: whether it leads, its lost-leader mark, and each screen of the match with how late it took the leader's last state; null without [match].",
            reply: "Match"),
        "GET /v1/game/record": Operation(
            id: "getRecord",
            summary:
                "The match record: every change of the scores, texts and game with its instant, the game clock, the period, its source and the scores after it; JSON, or CSV (format=csv or Accept: text/csv).",
            reply: "Record", problems: [400, 404],
            query: [
                "format": "json (the default) or csv.", "match": "An earlier match's number (GET /v1/game/records); the newest if left out.",
                "last": "Only the last 1 to 100 entries (the control page's last changes).",
            ],
            queryTypes: [
                "format": ["type": "string", "enum": ["json", "csv"]], "match": ["type": "integer", "minimum": 1, "maximum": 1_000_000_000],
                "last": ["type": "integer", "minimum": 1, "maximum": 100],
            ],
            also: ("text/csv", "CSV")),
        "GET /v1/game/records": Operation(id: "getRecords", summary: "The matches whose records are kept, oldest first.", reply: "Records"),
        "GET /v1/openapi.json": Operation(id: "getOpenAPI", summary: "This document.", reply: "Document"),
        "GET /metrics": Operation(
            id: "getMetrics",
            summary: "What the clock has done (frames, flips, render time, flip-start lateness, requests, memory), in Prometheus' text format.",
            reply: "Metrics", type: "text/plain"),
        "GET /": Operation(
            id: "getPage",
            summary: "The control page for a phone: the live face, scores, timers, a message, the screen. Served without the token; it asks for it.",
            reply: "Page", type: "text/html", open: true),
        "GET /overlay": Operation(
            id: "getOverlay",
            summary:
                "The stream overlay for OBS's browser source: the score, game clock, period and shot clock as the board draws them, on a transparent background, following the events. Served without the token; the events need it (#token=… in the address). Its script reads the query; a bad option is told on the page.",
            reply: "Page", type: "text/html",
            query: [
                "items": "Which items, in that order: home, away, game, period, shot, comma-separated; those the clock has if left out.",
                "position": "top-left, top, top-right, bottom-left, bottom (the default) or bottom-right.",
                "scale": "The size, 0.5 to 4 (1: cards 66 px high).",
            ], open: true),
    ]

    /// The document, one line of JSON.
    public static let json = ControlJSON.line(document)

    static var document: JSONValue {
        var paths: [String: JSONValue] = [:]
        for (method, path) in ClockAPI.routes {
            guard let operation = operations["\(method) \(path)"] else { continue }
            var item = paths[path]?.object ?? [:]
            item[method.rawValue.lowercased()] = Self.operation(operation, parameters: Endpoint.parameters(of: path))
            paths[path] = .object(item)
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "flipclock", "version": "1",
                "description": "The flip clock's HTTP API: the control socket's requests over HTTP. A refusal is problem details (RFC 9457).",
            ],
            "servers": [["url": "http://127.0.0.1:8080"]],
            "security": [["bearer": []]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": [
                    "bearer": ["type": "http", "scheme": "bearer", "description": "The token in [http] token_file; needed when the daemon has one."]
                ],
                "responses": [
                    "Problem": problem("Refused, and why."),
                    "Unauthorized": problem(
                        "No token, or not the daemon's.", headers: ["WWW-Authenticate": #"Bearer realm="flipclock""#]),
                    "TooManyRequests": problem(
                        "Too many requests from this address (a burst of 20, then 10 a second).", headers: ["Retry-After": "Seconds to wait."]),
                    "Busy": problem("The clock is busy; try again.", headers: ["Retry-After": "Seconds to wait."]),
                ],
                "schemas": OpenAPISchemas.all,
            ],
        ]
    }

    private static func operation(_ operation: Operation, parameters: [String]) -> JSONValue {
        var content: [String: JSONValue] = [operation.type: ["schema": ref(operation.reply)]]
        if let also = operation.also { content[also.type] = ["schema": ref(also.schema)] }
        var responses: [String: JSONValue] = ["200": ["description": "The clock's reply.", "content": .object(content)]]
        let named = [401: "Unauthorized", 429: "TooManyRequests", 503: "Busy"]
        for status in operation.problems + [401, 403, 421, 429, 503]
        where (!["Document", "Metrics", "Page"].contains(operation.reply) || status != 503) && (!operation.open || status != 401) {
            responses["\(status)"] = ["$ref": .string("#/components/responses/\(named[status] ?? "Problem")")]
        }
        if operation.body != nil {
            responses["413"] = ["$ref": "#/components/responses/Problem"]
            responses["415"] = ["$ref": "#/components/responses/Problem"]
        }
        if operation.unchanged {
            let tag: JSONValue = ["ETag": ["required": true, "description": "This run of the daemon and the frame.", "schema": ["type": "string"]]]
            responses["200"] = [
                "description": "The clock's reply.", "headers": tag, "content": [operation.type: ["schema": ref(operation.reply)]],
            ]
            responses["304"] = ["description": "Unchanged: the screen shows what If-None-Match names.", "headers": tag]
        }
        var item: [String: JSONValue] = [
            "operationId": .string(operation.id), "summary": .string(operation.summary), "responses": .object(responses),
        ]
        let all: [JSONValue] =
            parameters.map { ["name": .string($0), "in": "path", "required": true, "schema": ["type": "string"]] }
            + operation.query.sorted { $0.key < $1.key }.map {
                [
                    "name": .string($0.key), "in": "query", "required": false, "description": .string($0.value),
                    "schema": operation.queryTypes[$0.key] ?? ["type": "string"],
                ]
            }
        if !all.isEmpty { item["parameters"] = .array(all) }
        if operation.open { item["security"] = [] }
        if let body = operation.body {
            item["requestBody"] = ["required": .bool(body.required), "content": ["application/json": ["schema": ref(body.schema + "Body")]]]
        }
        return .object(item)
    }

    /// A refusal as problem details, with the headers that come with it (each required).
    static func problem(_ description: String, headers: [String: String] = [:]) -> JSONValue {
        var response: [String: JSONValue] = [
            "description": .string(description), "content": ["application/problem+json": ["schema": ref("Problem")]],
        ]
        if !headers.isEmpty {
            response["headers"] = .object(
                headers.mapValues { ["required": true, "description": .string($0), "schema": ["type": "string", "minLength": 1]] })
        }
        return .object(response)
    }

    static func ref(_ schema: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(schema)")] }
}

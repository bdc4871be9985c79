import FlipClockControl

/// The schemas of the OpenAPI document: the replies (the control socket's JSON form), the
/// bodies (its fields, the path giving the command, action and name), and problem details.
enum OpenAPISchemas {
    static let all: JSONValue = [
        "Problem": [
            "type": "object", "description": "RFC 9457 problem details; code is the control socket's error code.",
            "required": ["type", "title", "status", "detail", "code"],
            "properties": [
                "type": ["type": "string", "format": "uri"], "title": string, "status": ["type": "integer"], "detail": string, "code": string,
            ],
        ],
        "Ok": reply([:]),
        "State": reply([
            "time": string, "scores": integers, "texts": strings, "screen": string, "output": string,
            "timers": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["name", "seconds", "state"],
                    "properties": [
                        "name": string, "seconds": ["type": "integer"],
                        "state": ["type": "string", "enum": ["idle", "running", "paused", "finished"]],
                    ],
                ],
            ],
        ]),
        "Scores": reply(["scores": integers]),
        "Timers": reply(["timers": ["type": "string", "description": "egg=04:00 idle pomodoro=24:59 running"]]),
        "Texts": reply(["texts": strings]),
        "Message": reply(["message": ["type": "integer"], "waiting": ["type": "integer"]]),
        "Messages": reply([
            "messages": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["number", "text", "seconds", "row", "shown"],
                    "properties": [
                        "number": ["type": "integer"], "text": string, "seconds": ["type": "integer"], "row": ["type": "integer"],
                        "shown": ["type": "boolean", "description": "on the panel now; false: waiting its turn"],
                    ],
                ],
            ]
        ]),
        "Cleared": reply(["cleared": ["type": "boolean"]]),
        "Screen": reply(["screen": ["type": "string", "description": "off, on, or dim N%"]]),
        "Reloaded": reply(["reloaded": ["type": "boolean"]]),
        "Document": ["type": "object"],
        "Metrics": ["type": "string", "description": "Prometheus' text exposition format 0.0.4."],
        "PNG": ["type": "string", "contentMediaType": "image/png"],
        "Page": ["type": "string", "contentMediaType": "text/html"],
        "Events": [
            "type": "string", "description": "event: state|shown, then data: one line of JSON, then a blank line; comments (:) keep it alive.",
        ],
        "ScoresBody": [
            "type": "object", "description": #"{"scores":{"home":3,"away":2}}"#, "properties": ["scores": integers],
        ],
        "TimerStartBody": [
            "type": "object", "properties": ["duration": duration, "at": ["type": "string", "description": "HH:MM or HH:MM:SS"]],
        ],
        "TextBody": ["type": "object", "required": ["text"], "properties": ["text": string]],
        "MessageBody": [
            "type": "object", "required": ["text", "duration"],
            "properties": ["text": string, "duration": duration, "row": ["type": "integer", "minimum": 1]],
        ],
        "ScreenBody": [
            "type": "object", "description": #"{"power":"off"}, {"power":"on"} or {"brightness":30}"#,
            "properties": ["power": ["type": "string", "enum": ["on", "off"]], "brightness": ["type": "integer", "minimum": 1, "maximum": 100]],
        ],
    ]

    static let string: JSONValue = ["type": "string"]
    static let integers: JSONValue = ["type": "object", "additionalProperties": ["type": "integer"]]
    static let strings: JSONValue = ["type": "object", "additionalProperties": ["type": "string"]]
    static let duration: JSONValue = [
        "oneOf": [["type": "integer", "minimum": 0], ["type": "string", "description": "25m, 1h30m, 90s or MM:SS"]]
    ]

    /// A successful reply: `ok` and `properties`, all of them always there.
    static func reply(_ properties: [String: JSONValue]) -> JSONValue {
        var all = properties
        all["ok"] = ["type": "boolean", "const": true]
        return ["type": "object", "required": .array(all.keys.sorted().map { .string($0) }), "properties": .object(all)]
    }
}

import FlipClockControl
import FlipClockCore

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
        "State": reply(
            [
                "time": string, "scores": integers, "texts": strings, "screen": string, "output": string,
                "message_seconds": ["type": "integer", "minimum": 1, "maximum": 86400],
                "time_synced": [
                    "type": "boolean",
                    "description": "whether the kernel says the time is synchronised (adjtimex); true when it cannot be asked",
                ],
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
            ],
            optional: [
                "game": game, "sets": setMatch, "countdowns": countdowns,
                "face": [
                    "type": "string",
                    "description": "with [[face]] tables: the face the screens show, by its name; default is the [[row]] face",
                ],
                "match": [
                    "type": "string", "enum": ["leading", "led", "lost"],
                    "description": "with [match]: this clock leads it, follows its leader, or has lost its leader (the screens show the mark)",
                ],
                "light": [
                    "type": "object", "required": ["lux", "percent", "problem"],
                    "description": "with [light]: the lux read last and the level the room asks for (null: no reading, problem says why)",
                    "properties": [
                        "lux": ["type": ["number", "null"]], "percent": ["type": ["integer", "null"], "minimum": 0, "maximum": 100],
                        "problem": ["type": ["string", "null"]],
                    ],
                ],
            ]),
        "Scores": reply(["scores": integers]),
        "Game": reply(["game": game]),
        "Point": reply(["sets": setMatch]),
        "Countdowns": reply(["countdowns": countdowns]),
        "Timers": reply(["timers": ["type": "string", "description": "egg=04:00 idle pomodoro=24:59 running"]]),
        "Texts": reply(["texts": strings]),
        "Message": reply(["message": ["type": "integer"], "waiting": ["type": "integer"]]),
        "Messages": reply([
            "messages": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["number", "text", "seconds", "row", "shown", "urgent"],
                    "properties": [
                        "number": ["type": "integer"], "text": string, "seconds": ["type": "integer"], "row": ["type": "integer"],
                        "shown": ["type": "boolean", "description": "on the panel now; false: waiting its turn"],
                        "name": messageName, "urgent": ["type": "boolean", "description": "shown before the rest"],
                    ],
                ],
            ]
        ]),
        "MessageSeconds": reply(["message_seconds": ["type": "integer", "minimum": 1, "maximum": 86400]]),
        "Cleared": reply(["cleared": ["type": "boolean"]]),
        "Screen": reply(["screen": ["type": "string", "description": "off, on, or dim N%"]]),
        "Sound": reply(["sound": ["type": "string", "enum": ["on", "off"]]]),
        "Face": reply(["face": ["type": "string", "description": "the face shown now; default is the [[row]] face"]]),
        "Reloaded": reply(["reloaded": ["type": "boolean"]]),
        "Match": reply([
            "match": [
                "type": ["object", "null"], "required": ["topic", "node", "name", "role", "leading", "lost", "screens"],
                "properties": [
                    "topic": string, "node": string, "name": string, "role": roles, "leading": ["type": "boolean"],
                    "lost": ["type": "boolean", "description": "no leader now: its screens show the lost-leader mark"],
                    "screens": [
                        "type": "array",
                        "items": [
                            "type": "object", "required": ["node", "role", "leading", "lost", "fresh", "at"],
                            "properties": [
                                "node": string, "name": string, "role": roles, "leading": ["type": "boolean"], "lost": ["type": "boolean"],
                                "fresh": ["type": "boolean", "description": "reported within 150 s; false: a clock gone without a word"],
                                "at": ["type": "number"], "seq": ["type": "integer"],
                                "lateness_ms": ["type": "number", "description": "when it took the leader's last state, less the state's instant"],
                            ],
                        ],
                    ],
                ],
            ]
        ]),
        "Record": reply([
            "match": ["type": "integer"], "started": string, "started_ms": ["type": "integer"],
            "truncated": ["type": ["string", "null"], "description": "why the record stopped (its bound reached); null while it records"],
            "entries": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["seq", "at", "at_ms", "source", "change", "scores"],
                    "properties": [
                        "seq": ["type": "integer"], "at": string, "at_ms": ["type": "integer"],
                        "clock": ["type": "string", "description": "the game clock as shown; absent without [game]"],
                        "clock_ms": ["type": "integer"], "period": ["type": "integer"],
                        "source": [
                            "type": "string", "description": "keypad KEY, page CLIENT ADDRESS, http ADDRESS token FINGERPRINT, mqtt, uid N, clock",
                        ],
                        "change": string, "scores": integers,
                    ],
                ],
            ],
        ]),
        "Records": reply(["matches": ["type": "array", "items": ["type": "integer"], "description": "the kept records' matches, oldest first"]]),
        "CSV": ["type": "string", "description": "RFC 4180, a header row: seq,at,clock,clock_ms,period,source,change,scores"],
        "Document": ["type": "object"],
        "Metrics": ["type": "string", "description": "Prometheus' text exposition format 0.0.4."],
        "PNG": ["type": "string", "contentMediaType": "image/png"],
        "Page": ["type": "string", "contentMediaType": "text/html"],
        // One event of the stream, as a client reads it (OpenAPI 3.2's itemSchema, which
        // schemathesis reads from schema): comments (:) that keep it alive are not events.
        "Events": [
            "description": "event: state|shown, then data: one line of JSON, then a blank line; comments (:) keep it alive.",
            "oneOf": [
                event("state", ref: "State"),
                event("shown", ["type": "object", "required": ["frame"], "properties": ["frame": ["type": "integer"]]]),
            ],
        ],
        "ScoresBody": [
            "type": "object", "description": #"{"scores":{"home":3,"away":2}}"#, "required": ["scores"],
            "properties": ["scores": ["type": "object", "minProperties": 1, "additionalProperties": whole]],
        ],
        "ScoresResetBody": [
            "type": "object", "description": #"{"scores":{"home":0}}: those named; no body or {}: every score"#,
            "properties": ["scores": ["type": "object", "additionalProperties": whole]],
        ],
        "TimerStartBody": [
            "type": "object",
            "properties": [
                "duration": duration,
                "at": ["type": "string", "description": "HH:MM or HH:MM:SS", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"],
            ],
        ],
        "TextBody": ["type": "object", "required": ["text"], "properties": ["text": string]],
        "GameBody": [
            "type": "object", "required": ["do"],
            "properties": [
                "do": [
                    "type": "string",
                    "description": "start, stop, toggle, set 12:00, add -0.1, shot, shot 14, period 2, end, new or undo",
                    "pattern": .string(
                        "^(start|stop|toggle|end|new|undo|shot|(shot|period) (0?[1-9]|[1-9][0-9])|set \(time)|add [+-]?\(time)|possession (home|away|none|switch)|penalty (home|away) ([0-9]:[0-5][0-9](\\.[0-9])?|clear))$"
                    ),
                ]
            ],
        ],
        "PointBody": [
            "type": "object", "required": ["do"],
            "properties": [
                "do": [
                    "type": "string", "description": "home, away, undo, timeout home, serve away, new or new away",
                    "pattern": "^(home|away|undo|new|new (home|away)|(timeout|serve) (home|away))$",
                ]
            ],
        ],
        "CountdownBody": [
            "type": "object", "description": #"{"to":"2027-06-01T09:00"}, {"since":"2024-03-01"} or {"reset":true}"#,
            "oneOf": [
                ["required": ["to"], "properties": ["to": moment]], ["required": ["since"], "properties": ["since": moment]],
                ["required": ["reset"], "properties": ["reset": ["const": true]]],
            ],
        ],
        "MessageBody": [
            "type": "object", "required": ["text", "duration"],
            "properties": [
                "text": ["type": "string", "pattern": "\\S", "description": "not only blanks"], "duration": duration,
                "row": ["type": "integer", "minimum": 1, "maximum": .integer(largest)],
                "name": messageName,
                "urgent": ["type": "boolean", "description": "shown before the rest, interrupting one that is not (it comes back afterwards)"],
            ],
        ],
        "MessageSecondsBody": [
            "type": "object", "required": ["seconds"], "properties": ["seconds": ["type": "integer", "minimum": 1, "maximum": 86400]],
        ],
        "FaceBody": [
            "type": "object", "required": ["face"],
            "properties": [
                "face": [
                    "type": "string", "pattern": namePattern,
                    "description": "a [[face]]'s name, default (the [[row]] face) or auto (the schedule's again)",
                ],
                // How long it is held at most, 1 s to 24 h (longer or shorter: 422).
                "duration": duration,
            ],
            // auto gives the screens back to the schedule: it has no duration.
            "not": ["required": ["duration"], "properties": ["face": ["const": "auto"]]],
        ],
        "SoundBody": [
            "type": "object", "required": ["power"], "properties": ["power": ["type": "string", "enum": ["on", "off"]]],
        ],
        "ScreenBody": [
            "description": #"{"power":"off"}, {"power":"on"} or {"brightness":30}"#,
            "oneOf": [
                [
                    "type": "object", "required": ["power"], "properties": ["power": ["type": "string", "enum": ["on", "off"]]],
                    "not": ["required": ["brightness"]],
                ],
                [
                    "type": "object", "required": ["brightness"], "properties": ["brightness": ["type": "integer", "minimum": 1, "maximum": 100]],
                    "not": ["required": ["power"]],
                ],
            ],
        ],
    ]

    static let string: JSONValue = ["type": "string"]
    /// A game clock time as `GameClockText.parse` reads it: seconds up to 5999, or MM:SS, either with a tenth.
    static let time = "([0-5]?[0-9]{1,3}|[0-9]{1,2}:[0-5][0-9])(\\.[0-9])?"
    /// The game as a reply reports it (`State` has it with `[game]`).
    static let game: JSONValue = [
        "type": "object", "required": ["period", "phase", "clock", "running", "undo", "clock_ms", "clock_counts", "tenths_below", "at"],
        "properties": [
            "period": ["type": "integer"], "phase": ["type": "string", "enum": ["play", "break", "over"]],
            "clock": ["type": "string", "description": "MM:SS or SS.t"], "shot": ["type": "string", "description": "absent when dark"],
            "running": ["type": "boolean"], "undo": ["type": "integer", "description": "changes game undo can take back"],
            "resets": ["type": "array", "items": ["type": "integer"], "description": "the shot clock's values, with one"],
            "possession": ["type": "string", "enum": ["home", "away"]],
            "penalties": ["type": "array", "items": ["type": "string", "description": "home 1:42: the penalty each team serves that ends first"]],
            "clock_ms": ["type": "integer", "description": "the milliseconds on the game clock (the break's, in a break) at `at`"],
            "clock_counts": ["type": "string", "enum": ["down", "up", "stopped"]],
            "tenths_below": ["type": "integer", "description": "below these seconds the game clock reads SS.t (0: never)"],
            "shot_ms": ["type": "integer", "description": "the milliseconds on the shot clock at `at`, with one"],
            "shot_counts": ["type": "string", "enum": ["down", "stopped"]],
            "shot_tenths_below": ["type": "integer", "description": "below these seconds the shot clock reads S.t"],
            "at": ["type": "number", "description": "the wall instant of this reading, seconds since 1970 (to the millisecond)"],
        ],
    ]
    /// A match counted in sets as a reply reports it (`State` has it with `[sets]`).
    static let setMatch: JSONValue = [
        "type": "object", "required": ["set", "sets", "points", "serve", "finished", "undo"],
        "properties": [
            "set": ["type": "integer", "description": "the set played (its last, once the match is over)"],
            "sets": sides(["type": "integer"]), "games": sides(["type": "integer"]),
            "points": sides(["type": "string", "description": "as the board shows them: 15, AD, 7"]),
            "serve": ["type": "string", "enum": ["home", "away"]],
            "finished": ["type": "array", "items": ["type": "string", "description": "a finished set's score: 25-23, 7-6(7-5)"]],
            "winner": ["type": "string", "enum": ["home", "away"]],
            "timeouts": sides(["type": "integer", "description": "taken this set (this match, in table tennis); absent without timeouts"]),
            "undo": ["type": "integer", "description": "the steps point undo can take back"],
        ],
    ]
    static func sides(_ value: JSONValue) -> JSONValue {
        ["type": "object", "required": ["home", "away"], "properties": ["home": value, "away": value], "additionalProperties": false]
    }
    /// Each countdown's moment by name, as the socket's words say it; null: none yet.
    static let countdowns: JSONValue = [
        "type": "object", "description": #"{"opening":"to 2027-06-01T09:00","safe":null}"#,
        "additionalProperties": ["type": ["string", "null"], "pattern": "^(to|since) [0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2})?$"],
    ]

    /// A moment on the clock's calendar: a day, or a day and a time to the minute.
    static let moment: JSONValue = [
        "type": "string", "description": "YYYY-MM-DD or YYYY-MM-DDTHH:MM, years 1970 to 9999",
        "pattern": "^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9])?$",
    ]

    /// A message's name, as RequestField.messageName takes it.
    /// A face's or a message's name, as `Name.isValid` takes it.
    static let namePattern = JSONValue.string("^[A-Za-z0-9_-]{1,\(Name.longest)}$")
    static let messageName: JSONValue = ["type": "string", "pattern": namePattern]
    static let integers: JSONValue = ["type": "object", "additionalProperties": ["type": "integer"]]
    static let strings: JSONValue = ["type": "object", "additionalProperties": ["type": "string"]]
    /// The largest whole number a JSON number carries exactly (2^53 - 1).
    static let largest = 9_007_199_254_740_991
    /// A whole number the clock reads.
    static let whole: JSONValue = ["type": "integer", "minimum": .integer(-largest), "maximum": .integer(largest)]
    /// Seconds, or `25m`, `1h30m`, `90s` (each of h, m and s at most once, in any order) or `MM:SS`.
    static let duration: JSONValue = [
        "oneOf": [
            ["type": "integer", "minimum": 0, "maximum": .integer(largest)],
            [
                "type": "string", "description": "25m, 1h30m, 90s or MM:SS",
                "pattern":
                    "^[0-9]+(:[0-5][0-9]|h([0-9]+m([0-9]+s)?|[0-9]+s([0-9]+m)?)?|m([0-9]+h([0-9]+s)?|[0-9]+s([0-9]+h)?)?|s([0-9]+h([0-9]+m)?|[0-9]+m([0-9]+h)?)?)?$",
            ],
        ]
    ]

    /// An event named `name` whose data is JSON of `schema`.
    static func event(_ name: String, ref: String? = nil, _ schema: JSONValue = [:]) -> JSONValue {
        [
            "type": "object", "required": ["event", "data"],
            "properties": [
                "event": ["const": .string(name)],
                "data": ["type": "string", "contentMediaType": "application/json", "contentSchema": ref.map(OpenAPIDocument.ref) ?? schema],
            ],
        ]
    }

    /// A successful reply: `ok` and `properties`, all of them always there, and the
    /// `optional` ones where they apply.
    static let roles: JSONValue = ["type": "string", "enum": ["leader", "standby", "follower"]]

    static func reply(_ properties: [String: JSONValue], optional: [String: JSONValue] = [:]) -> JSONValue {
        var all = properties
        all["ok"] = ["type": "boolean", "const": true]
        let required = JSONValue.array(all.keys.sorted().map { .string($0) })
        all.merge(optional) { $1 }
        return ["type": "object", "required": required, "properties": .object(all)]
    }
}

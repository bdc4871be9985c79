import FlipClockCore
import FoundationEssentials

/// One change of the match as its record keeps it: when, what the game clock showed, who made
/// it, what it was and the scores after it. A line of JSON in the file, a row of CSV exported.
public struct RecordEntry: Equatable, Sendable {
    /// 1, 2, 3… within the match.
    public var sequence: Int
    public var at: WallInstant
    /// What the game clock showed then (`07:41`, `42.3`) and its milliseconds; `nil` without a game.
    public var clock: String?
    public var clockMilliseconds: Int64?
    public var period: Int?
    public var source: ChangeSource
    /// The request in its line form (`score add home=1`, `game start`), or what the clock did
    /// (`period 1 ended`).
    public var change: String
    public var scores: [String: Int]

    public init(
        sequence: Int, at: WallInstant, clock: String?, clockMilliseconds: Int64?, period: Int?, source: ChangeSource, change: String,
        scores: [String: Int]
    ) {
        self.sequence = sequence
        self.at = at
        self.clock = clock
        self.clockMilliseconds = clockMilliseconds
        self.period = period
        self.source = source
        self.change = change
        self.scores = scores
    }

    /// An instant to the millisecond in UTC: `2026-06-01T12:00:00.250Z`.
    public static func text(of instant: WallInstant) -> String {
        let ms = milliseconds(of: instant)
        let part = (ms % 1000 + 1000) % 1000
        let whole = WallInstant(unixSeconds: Int((ms - part) / 1000)).description
        let fraction = String(part + 1000).dropFirst()
        return "\(whole.dropLast()).\(fraction)Z"
    }

    /// The latest instant a record holds, in milliseconds since 1970: the latest an instant's
    /// nanoseconds hold (2262-04-11).
    public static let latest = Int(Int64.max / 1_000_000)

    /// The instant `key`'s milliseconds since 1970 name, if it is one a record holds
    /// (0...``latest``).
    public static func instant(milliseconds: Int?, key: String) throws(RecordError) -> WallInstant {
        guard let ms = milliseconds, (0...latest).contains(ms) else {
            throw RecordError("\"\(key)\" is not milliseconds since 1970 up to 2262")
        }
        return WallInstant(nanosecondsSince1970: Int64(ms) * 1_000_000)
    }

    /// The milliseconds since 1970 of `instant`, rounded down.
    public static func milliseconds(of instant: WallInstant) -> Int64 {
        let ns = instant.nanosecondsSince1970
        return (ns - (ns % 1_000_000 + 1_000_000) % 1_000_000) / 1_000_000
    }

    /// The entry's JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "seq": .integer(sequence), "at": .string(Self.text(of: at)), "at_ms": .integer(Int(Self.milliseconds(of: at))),
            "source": .string(source.description), "change": .string(change), "scores": .object(scores.mapValues { .integer($0) }),
        ]
        if let clock { object["clock"] = .string(clock) }
        if let clockMilliseconds { object["clock_ms"] = .integer(Int(clockMilliseconds)) }
        if let period { object["period"] = .integer(period) }
        return .object(object)
    }

    /// The entry a line's JSON object holds; why not, if it holds none.
    public init(json object: [String: JSONValue]) throws(RecordError) {
        func field<T>(_ key: String, _ read: (JSONValue) -> T?) throws(RecordError) -> T {
            guard let value = object[key].flatMap(read) else { throw RecordError("\"\(key)\" is missing or not what an entry has") }
            return value
        }
        func optional<T>(_ key: String, _ read: (JSONValue) -> T?) throws(RecordError) -> T? {
            guard let value = object[key], value != .null else { return nil }
            guard let read = read(value) else { throw RecordError("\"\(key)\" is not what an entry has") }
            return read
        }
        let sourceText = try field("source", \.string)
        guard let source = ChangeSource(sourceText) else { throw RecordError("\"source\": \"\(sourceText.oneLine)\" names no source") }
        let scores = try field("scores", \.object)
        var values: [String: Int] = [:]
        for (name, value) in scores {
            guard let n = value.integer else { throw RecordError("\"scores\": \(name.oneLine) is not a whole number") }
            values[name] = n
        }
        self.init(
            sequence: try field("seq", \.integer), at: try Self.instant(milliseconds: object["at_ms"]?.integer, key: "at_ms"),
            clock: try optional("clock", \.string), clockMilliseconds: try optional("clock_ms", \.integer).map(Int64.init),
            period: try optional("period", \.integer), source: source, change: try field("change", \.string), scores: values)
    }

    /// The CSV header row.
    public static let csvHeader = ["seq", "at", "clock", "clock_ms", "period", "source", "change", "scores"]

    /// The entry's CSV fields, in ``csvHeader``'s order; the scores as `away=1 home=3`.
    public var csvFields: [String] {
        [
            "\(sequence)", Self.text(of: at), clock ?? "", clockMilliseconds.map { "\($0)" } ?? "", period.map { "\($0)" } ?? "",
            source.description, change, scores.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
        ]
    }

    /// A CSV row as RFC 4180 writes it: a field with a comma, a quote, CR or LF quoted, its
    /// quotes doubled; the row ended by CRLF.
    public static func csvRow(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
                ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\r\n"
    }
}

/// Why a record file is not one.
public struct RecordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// No such record is kept (rather than one that cannot be read).
    public var missing = false
    public init(_ description: String, missing: Bool = false) {
        self.description = description
        self.missing = missing
    }
}

import FlipClockCore

/// A page of a match's record as the control socket answers `game record`: the record's head
/// and at most ``size`` of its entries, and where the next page begins (`nil`: none).
/// A reply is one line the daemon sends without waiting, so a record comes a page at a time.
public struct RecordPage: Equatable, Sendable, CustomStringConvertible {
    /// The most entries a page holds: some 300 bytes each, well within a socket's buffer.
    public static let size = 100

    public var record: MatchRecord
    /// The sequence number the next page starts at.
    public var next: Int?

    public init(record: MatchRecord, next: Int?) {
        self.record = record
        self.next = next
    }

    /// The page of `record` from sequence number `from` on.
    public init(of record: MatchRecord, from: Int) {
        var page = record
        page.entries = Array(record.entries.drop { $0.sequence < from }.prefix(Self.size))
        next = page.entries.last.flatMap { last in record.entries.contains { $0.sequence > last.sequence } ? last.sequence + 1 : nil }
        self.record = page
    }

    /// `match=3 entries=101-200 next=201`.
    public var description: String {
        let range = record.entries.first.map { "\($0.sequence)-\(record.entries.last!.sequence)" } ?? "none"
        return "match=\(record.match) entries=\(range)" + (next.map { " next=\($0)" } ?? "") + (record.truncated != nil ? " truncated" : "")
    }

    /// The JSON form: the record's export, and `next`.
    var object: [String: JSONValue] {
        var object = record.json.object ?? [:]
        object["ok"] = true
        object["next"] = next.map { .integer($0) } ?? .null
        return object
    }

    /// The page a JSON reply holds; why not, if it holds none.
    public init(json object: [String: JSONValue]) throws(RecordError) {
        guard let match = object["match"]?.integer, case .array(let items)? = object["entries"] else {
            throw RecordError("the reply holds no record page")
        }
        var record = MatchRecord(match: match, started: try RecordEntry.instant(milliseconds: object["started_ms"]?.integer, key: "started_ms"))
        record.truncated = object["truncated"]?.string
        for item in items {
            guard let fields = item.object else { throw RecordError("an entry of the page is not an object") }
            record.entries.append(try RecordEntry(json: fields))
        }
        self.init(record: record, next: object["next"]?.integer)
    }
}

import FlipClockCore

/// One match's record: its number, when it began, its entries, and whether it stopped
/// recording at its bound. On disk a file of JSON lines: a header
/// (`{"match":12,"started":"…","started_ms":…}`), an entry a line, and at the bound one line
/// `{"truncated":"…"}`.
public struct MatchRecord: Equatable, Sendable {
    public var match: Int
    public var started: WallInstant
    public var entries: [RecordEntry] = []
    /// Why recording stopped (the bound reached); `nil` while it records.
    public var truncated: String?
    /// What was dropped when the file was read: a torn last line, said with file:line.
    public var torn: String?

    /// The most entries a record holds, and the most bytes its file has: past either the
    /// record is truncated (the clock counts on).
    public static let mostEntries = 20000
    public static let largest = 2 << 20

    public init(match: Int, started: WallInstant) {
        self.match = match
        self.started = started
    }

    /// The file's first line.
    public var headerLine: String {
        ControlJSON.line(
            [
                "match": .integer(match), "started": .string(RecordEntry.text(of: started)),
                "started_ms": .integer(Int(RecordEntry.milliseconds(of: started))),
            ])
    }

    /// The line of an entry.
    public static func line(_ entry: RecordEntry) -> String { ControlJSON.line(entry.json) }

    /// The line that marks the record truncated, and why.
    public static func truncatedLine(_ why: String) -> String { ControlJSON.line(["truncated": .string(why)]) }

    /// The record in a file's bytes, named `path` in what it says. A last line without its
    /// newline (torn by a kill or a power cut mid-write) is dropped and said in ``torn``; any
    /// other line that is not an entry is an error naming `path:line`.
    public static func read(_ bytes: [UInt8], path: String) throws(RecordError) -> MatchRecord {
        guard bytes.count <= largest + 64 * 1024 else { throw RecordError("\(path): \(bytes.count) bytes, over the record's \(largest)") }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var tornNote: String?
        if let last = lines.last, !last.isEmpty {
            tornNote = "\(path):\(lines.count): a torn last line (\(last.count) bytes without its newline), dropped"
        }
        lines.removeLast()
        guard let first = lines.first else { throw RecordError("\(path):1: no header line") }
        let header = try object(first, at: "\(path):1")
        guard let match = header["match"]?.integer, header["started_ms"]?.integer != nil else {
            throw RecordError("\(path):1: not a record's header: it has no \"match\" and \"started_ms\"")
        }
        let started: WallInstant
        do throws(RecordError) {
            started = try RecordEntry.instant(milliseconds: header["started_ms"]?.integer, key: "started_ms")
        } catch {
            throw RecordError("\(path):1: not a record's header: \(error)")
        }
        var record = MatchRecord(match: match, started: started)
        record.torn = tornNote
        for (k, line) in lines.enumerated().dropFirst() {
            let place = "\(path):\(k + 1)"
            let fields = try object(line, at: place)
            if let why = fields["truncated"]?.string {
                record.truncated = why
                continue
            }
            guard record.truncated == nil else { throw RecordError("\(place): an entry after the record was truncated") }
            guard record.entries.count < mostEntries else { throw RecordError("\(place): over \(mostEntries) entries") }
            let entry: RecordEntry
            do throws(RecordError) {
                entry = try RecordEntry(json: fields)
            } catch {
                throw RecordError("\(place): not an entry: \(error)")
            }
            // Numbered 1, 2, 3… as written: a page's next number never overflows or goes back.
            guard entry.sequence == record.entries.count + 1 else {
                throw RecordError("\(place): seq \(entry.sequence) where \(record.entries.count + 1) was due")
            }
            record.entries.append(entry)
        }
        return record
    }

    private static func object(_ line: ArraySlice<UInt8>, at place: String) throws(RecordError) -> [String: JSONValue] {
        do throws(ControlError) {
            return try JSONValue.object(reading: String(decoding: line, as: UTF8.self))
        } catch {
            throw RecordError("\(place): not an entry: \(error.reason)")
        }
    }

    /// The export as JSON: `{"match":N,"started":…,"truncated":…,"entries":[…]}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "match": .integer(match), "started": .string(RecordEntry.text(of: started)),
            "started_ms": .integer(Int(RecordEntry.milliseconds(of: started))), "entries": .array(entries.map(\.json)),
        ]
        object["truncated"] = truncated.map { .string($0) } ?? .null
        return .object(object)
    }

    /// The export as CSV (RFC 4180): the header row, an entry a row; a truncated record ends
    /// with a row whose only field is the `change`: `record truncated: …`.
    public var csv: String {
        var text = RecordEntry.csvRow(RecordEntry.csvHeader)
        for entry in entries { text += RecordEntry.csvRow(entry.csvFields) }
        if let truncated { text += RecordEntry.csvRow(["", "", "", "", "", "", "record truncated: \(truncated)", ""]) }
        return text
    }
}

import FlipClockControl
import FlipClockCore

extension FuzzTarget {
    /// A match record's file as a start and `GET /v1/game/record` read it
    /// (``MatchRecord/read(_:path:)``), and what is done with what it believes: both exports,
    /// the socket's pages, and its lines written again, read back the same.
    static func record(_ bytes: [UInt8]) {
        guard let record = try? MatchRecord.read(bytes, path: "record") else { return }
        _ = record.csv
        _ = ControlJSON.line(record.json)
        var from = 1
        for _ in 0...(record.entries.count / RecordPage.size + 1) {
            let page = RecordPage(of: record, from: from)
            precondition(page.record.entries.count <= RecordPage.size)
            guard let next = page.next else { break }
            precondition(next > from)
            from = next
        }
        let lines = [record.headerLine] + record.entries.map(MatchRecord.line) + (record.truncated.map { [MatchRecord.truncatedLine($0)] } ?? [])
        var again = record
        again.torn = nil
        precondition((try? MatchRecord.read(Array((lines.joined(separator: "\n") + "\n").utf8), path: "record")) == again)
    }
}

import FlipClockCore
import Testing

@testable import FlipClockControl

/// The match record's entries, their JSON and CSV forms, and a record file read back.
@Suite struct MatchRecordTests {
    static let noon = WallInstant(unixSeconds: 1_795_000_000) + .milliseconds(250)

    static func entry(_ sequence: Int, _ source: ChangeSource, _ change: String, scores: [String: Int] = ["home": 1, "away": 0]) -> RecordEntry {
        RecordEntry(
            sequence: sequence, at: noon + .seconds(sequence), clock: "07:41", clockMilliseconds: 461_000, period: 2, source: source, change: change,
            scores: scores)
    }

    @Test(arguments: [
        ChangeSource.keypad(key: "KEY_KP1"), .page(client: "3f9a-0c21", address: "192.0.2.7"), .http(address: "::1", token: "1a2b3c4d"),
        .http(address: "127.0.0.1", token: nil), .mqtt, .socket(uid: 1000), .clock, .local,
    ])
    func everySourceReadsBackFromItsText(_ source: ChangeSource) {
        #expect(ChangeSource(source.description) == source)
    }

    @Test func sourcesAreTheLogsWords() {
        #expect(ChangeSource.http(address: "127.0.0.1", token: "0badf00d").description == "http 127.0.0.1 token 0badf00d")
        #expect(ChangeSource.http(address: "127.0.0.1", token: nil).description == "http 127.0.0.1 token none")
        #expect(ChangeSource.socket(uid: 0).description == "uid 0")
        #expect(ChangeSource("page bad/id 1.2.3.4") == nil)
        #expect(ChangeSource("uid x") == nil)
    }

    /// The fingerprint is 8 hexadecimal digits, the same for a token, different for another,
    /// and holds nothing of the token's text.
    @Test func aTokensFingerprintIsEightHexDigits() {
        let token = "0123456789abcdef0123456789abcdef"
        let print = ChangeSource.fingerprint(of: token)
        #expect(print.count == 8 && print.allSatisfy(\.isHexDigit))
        #expect(print == ChangeSource.fingerprint(of: token))
        #expect(print != ChangeSource.fingerprint(of: token + "0"))
        #expect(!token.contains(print))
        #expect(ChangeSource.fingerprint(of: "") == "cbf29ce4")
    }

    @Test func anEntryReadsBackFromItsLine() throws {
        let entry = Self.entry(3, .http(address: "::1", token: "1a2b3c4d"), "score add home=1")
        let line = MatchRecord.line(entry)
        #expect(
            line
                == #"{"at":"2026-11-18T11:06:43.250Z","at_ms":1795000003250,"change":"score add home=1","clock":"07:41","clock_ms":461000,"period":2,"#
                + #""scores":{"away":0,"home":1},"seq":3,"source":"http ::1 token 1a2b3c4d"}"#)
        let object = try #require(ControlJSON.object(line))
        #expect(try RecordEntry(json: object) == entry)
    }

    @Test func theInstantIsWrittenToTheMillisecond() {
        #expect(RecordEntry.text(of: WallInstant(unixSeconds: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(RecordEntry.text(of: WallInstant(nanosecondsSince1970: 1_999_999_999)) == "1970-01-01T00:00:01.999Z")
    }

    /// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
    @Test func csvQuotesWhatMustBeQuoted() {
        #expect(RecordEntry.csvRow(["a", "b,c", "say \"hi\"", "two\nlines", ""]) == "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
        let entry = Self.entry(1, .local, #"text home "Blue, Red""#)
        #expect(
            entry.csvFields == ["1", "2026-11-18T11:06:41.250Z", "07:41", "461000", "2", "local", #"text home "Blue, Red""#, "away=0 home=1"])
    }

    @Test func aRecordFileReadsBack() throws {
        var record = MatchRecord(match: 4, started: Self.noon)
        record.entries = [Self.entry(1, .mqtt, "game start"), Self.entry(2, .clock, "period 2 ended")]
        let text = ([record.headerLine] + record.entries.map(MatchRecord.line)).joined(separator: "\n") + "\n"
        #expect(try MatchRecord.read(Array(text.utf8), path: "r/match-4.jsonl") == record)
    }

    /// kill -9 mid-append leaves a line without its newline: dropped and said with file:line.
    @Test func aTornLastLineIsDroppedAndSaid() throws {
        var record = MatchRecord(match: 1, started: Self.noon)
        record.entries = [Self.entry(1, .socket(uid: 1000), "score add home=1")]
        let text = [record.headerLine, MatchRecord.line(record.entries[0]), #"{"seq":2,"at":"#].joined(separator: "\n")
        let read = try MatchRecord.read(Array(text.utf8), path: "r/match-1.jsonl")
        #expect(read.entries == record.entries)
        #expect(read.torn == "r/match-1.jsonl:3: a torn last line (14 bytes without its newline), dropped")
    }

    @Test func aLineThatIsNoEntryIsAnErrorNamingItsPlace() {
        let record = MatchRecord(match: 1, started: Self.noon)
        let text = [record.headerLine, #"{"seq":1}"#, ""].joined(separator: "\n")
        #expect(throws: RecordError(#"r/m.jsonl:2: not an entry: "source" is missing or not what an entry has"#)) {
            try MatchRecord.read(Array(text.utf8), path: "r/m.jsonl")
        }
        #expect(throws: RecordError("r/m.jsonl:2: not an entry: not a JSON object")) {
            try MatchRecord.read(Array((record.headerLine + "\nnonsense\n").utf8), path: "r/m.jsonl")
        }
        var last = Self.entry(1, .mqtt, "x")
        last.sequence = Int.max
        let skipped = MatchRecord.line(last)
        #expect(throws: RecordError("r/m.jsonl:2: seq 9223372036854775807 where 1 was due")) {
            try MatchRecord.read(Array((record.headerLine + "\n" + skipped + "\n").utf8), path: "r/m.jsonl")
        }
        // The fuzzer's: milliseconds that overflowed an instant's nanoseconds.
        let far = #"{"match":1,"started_ms":179500000000000000}"#
        #expect(throws: RecordError(#"r/m.jsonl:1: not a record's header: "started_ms" is not milliseconds since 1970 up to 2262"#)) {
            try MatchRecord.read(Array((far + "\n").utf8), path: "r/m.jsonl")
        }
        let farEntry = MatchRecord.line(Self.entry(1, .mqtt, "x")).replacing("1795000001250", with: "-1795000001250000000")
        #expect(throws: RecordError(#"r/m.jsonl:2: not an entry: "at_ms" is not milliseconds since 1970 up to 2262"#)) {
            try MatchRecord.read(Array((record.headerLine + "\n" + farEntry + "\n").utf8), path: "r/m.jsonl")
        }
        #expect(throws: RecordError(#"r/m.jsonl:1: not a record's header: it has no "match" and "started_ms""#)) {
            try MatchRecord.read(Array("{}\n".utf8), path: "r/m.jsonl")
        }
    }

    @Test func aTruncatedRecordSaysSoInBothExports() throws {
        var record = MatchRecord(match: 2, started: Self.noon)
        record.entries = [Self.entry(1, .keypad(key: "KEY_KP1"), "score add home=1")]
        record.truncated = "20000 entries"
        let text = [record.headerLine, MatchRecord.line(record.entries[0]), MatchRecord.truncatedLine("20000 entries"), ""].joined(separator: "\n")
        let read = try MatchRecord.read(Array(text.utf8), path: "m")
        #expect(read == record)
        #expect(read.json.object?["truncated"] == .string("20000 entries"))
        #expect(
            read.csv
                == "seq,at,clock,clock_ms,period,source,change,scores\r\n1,2026-11-18T11:06:41.250Z,07:41,461000,2,keypad KEY_KP1,score add home=1,away=0 home=1\r\n,,,,,,record truncated: 20000 entries,\r\n"
        )
    }

    @Test func gameRecordReadsBackAsItsLine() throws {
        #expect(try ControlRequest.parse("game record") == .game(.record(match: nil, from: 1)))
        let request = try ControlRequest.parse("game record match 3 from 101")
        #expect(request == .game(.record(match: 3, from: 101)))
        #expect(request.line == "game record match 3 from 101")
        #expect(try ControlJSON.parse(ControlJSON.line(request)) == request)
        #expect(throws: ControlError(.syntax, "game record takes match K and from N")) { try ControlRequest.parse("game record from 2 from 3") }
        #expect(throws: ControlError(.syntax, "\"0\" is not a number 1 or more")) { try ControlRequest.parse("game record match 0") }
    }

    /// A record comes a page of 100 at a time, each page's JSON read back as it was.
    @Test func aRecordComesInPages() throws {
        var record = MatchRecord(match: 5, started: Self.noon)
        record.entries = (1...250).map { Self.entry($0, .mqtt, "score add home=1") }
        let pages = [1, 101, 201].map { RecordPage(of: record, from: $0) }
        #expect(pages.map(\.description) == ["match=5 entries=1-100 next=101", "match=5 entries=101-200 next=201", "match=5 entries=201-250"])
        let line = ControlReply.record(pages[1]).line(json: true)
        #expect(try RecordPage(json: try #require(ControlJSON.object(line))) == pages[1])
        #expect(RecordPage(of: record, from: 251).description == "match=5 entries=none")
    }
}

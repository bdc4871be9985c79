import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// The match record through the loop on the simulated clock: an entry for each change from
/// each source, the clock's own, undo, a new match's file, the bound, a torn last line, and a
/// folder that cannot be written.
@Suite struct LoopRecordTests {
    let dir = NSTemporaryDirectory() + "flipclock-record-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    /// Runs the match of ``LoopGameTests`` for `seconds` with the record in `folder`; `act`
    /// lists (second, source, request line). The replies, and the log lines at warning and above.
    func run(
        seconds: Double, folder: RecordFolder, _ act: [(Double, String?, String)]
    ) throws -> (replies: [String], log: [String]) {
        var parts = ClockLoop.Parts()
        parts.record = folder
        parts.stateFile = StateFile(path: dir + "/state.json")
        let log = LogLines()
        var replies: [String] = []
        let clock = SimulatedClock(wall: try WallInstant(iso: LoopGameTests.start), zone: ZoneInfo.system.rules(named: "UTC")!)
        var configuration = ClockConfiguration()
        configuration.backlight = "none"
        LoopGameTests.configure(&configuration)
        var logger = Logger(label: "test") { _ in LogLines.Handler(lines: log) }
        logger.logLevel = .warning
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: logger, parts: parts)
        for (second, source, line) in act {
            clock.at(
                .seconds(second), .run { replies += loop.answer([(ClockLoop.request(line), source)], kind: .socket).map { $0.line(json: false) } })
        }
        clock.at(.seconds(seconds), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        return (replies, log.lines)
    }

    func changes(_ record: MatchRecord) -> [String] {
        record.entries.map {
            "\($0.sequence) \($0.clock ?? "-") p\($0.period ?? 0) \($0.source) | \($0.change) | \($0.scores["home"] ?? -1)-\($0.scores["away"] ?? -1)"
        }
    }

    @Test func everyChangeFromEverySourceAndTheClocksOwnAreRecorded() throws {
        let folder = RecordFolder(path: dir + "/record")
        let run = try run(
            seconds: 200, folder: folder,
            [
                (1, "uid 1000", "game start"), (10, "http 127.0.0.1 token 1a2b3c4d", "score add home 2"), (11, "mqtt", "status"),
                (12, "keypad KEY_KP1", "score add away 1"), (13, "page tab-1 192.0.2.7", "game undo"),
                (14, "uid 1000", "text home \"Blue, Red\""), (15, "uid 1000", "timer start egg"), (16, "uid 1000", "score add nobody 1"),
                (160, nil, "game start"),
            ])
        #expect(run.replies.count == 9)
        let record = try folder.read().get()
        #expect(record.match == 1)
        #expect(
            changes(record) == [
                "1 02:00 p1 uid 1000 | game start | 0-0",
                "2 01:51 p1 http 127.0.0.1 token 1a2b3c4d | score add home=2 | 2-0",
                "3 01:49 p1 keypad KEY_KP1 | score add away=1 | 2-1",
                "4 01:48 p1 page tab-1 192.0.2.7 | game undo | 2-0",
                "5 01:36 p1 clock | shot clock expired | 2-0",
                "6 0.0 p1 clock | period 1 ended | 2-0",
                "7 00:00 p1 clock | break ended | 2-0",
                "8 02:00 p2 local | game start | 2-0",
                "9 01:36 p2 clock | shot clock expired | 2-0",
            ])
        #expect(record.entries[1].clockMilliseconds == 111_000)
        #expect(record.entries[5].at == (try WallInstant(iso: "2026-06-01T12:02:01Z")))
    }

    /// `game new` begins the next match's file; the one before is kept as it was.
    @Test func aNewGameStartsANewRecord() throws {
        let folder = RecordFolder(path: dir + "/record")
        _ = try run(seconds: 5, folder: folder, [(1, "uid 0", "score add home 1"), (2, "uid 0", "game new"), (3, "uid 0", "score add away 1")])
        #expect(folder.matches() == [1, 2])
        #expect(changes(try folder.read(match: 1).get()) == ["1 02:00 p1 uid 0 | score add home=1 | 1-0"])
        #expect(changes(try folder.read().get()) == ["1 02:00 p1 uid 0 | game new | 1-0", "2 02:00 p1 uid 0 | score add away=1 | 1-1"])
    }

    /// A change saved but killed before it was recorded: the next start records the scores as
    /// saved, so the record ends where the board stands.
    @Test func scoresSavedButNotRecordedAreRecordedAtTheStart() throws {
        let folder = RecordFolder(path: dir + "/record")
        _ = try run(seconds: 2, folder: folder, [(1, "uid 0", "score add home 1")])
        let state = dir + "/state.json"
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        try saved.replacingOccurrences(of: #""home":1"#, with: #""home":2"#).write(toFile: state, atomically: true, encoding: .utf8)
        _ = try run(seconds: 2, folder: folder, [])
        _ = try run(seconds: 2, folder: folder, [])
        #expect(
            changes(try folder.read().get()) == [
                "1 02:00 p1 uid 0 | score add home=1 | 1-0",
                "2 02:00 p1 clock | scores at the start differ from the record's last; as saved | 2-0",
            ])
    }

    /// Only the last 20 records are kept: the oldest goes as a new one starts.
    @Test func theLastTwentyRecordsAreKept() throws {
        let folder = RecordFolder(path: dir + "/record")
        _ = try run(seconds: 25, folder: folder, (1...22).map { (Double($0), "uid 0", "game new") })
        #expect(folder.matches() == Array(3...22))
        #expect(changes(try folder.read(match: 22).get()) == ["1 02:00 p1 uid 0 | game new | 0-0"])
        #expect(throws: RecordError("no record of match 2 is kept", missing: true)) { try folder.read(match: 2).get() }
    }

    /// Past its bound the record stops, marked truncated and said once; the scores count on.
    @Test func pastItsBoundTheRecordIsTruncatedAndTheClockCountsOn() throws {
        var folder = RecordFolder(path: dir + "/record")
        folder.mostEntries = 2
        let run = try run(seconds: 6, folder: folder, (1...4).map { (Double($0), "uid 0", "score add home 1") })
        #expect(run.replies == ["OK home=1 away=0", "OK home=2 away=0", "OK home=3 away=0", "OK home=4 away=0"])
        let record = try folder.read().get()
        #expect(record.entries.count == 2)
        #expect(record.truncated == "the record reached 2 entries; later changes are not recorded")
        #expect(run.log.filter { $0.contains("reached 2 entries") }.count == 1)
    }

    /// A start cuts a torn last line off and says so with file:line; the record goes on after it.
    @Test func aTornLastLineIsCutAtTheStart() throws {
        let folder = RecordFolder(path: dir + "/record")
        _ = try run(seconds: 3, folder: folder, [(1, "uid 0", "score add home 1")])
        let file = dir + "/record/match-000001.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":2,"at":"#.utf8))
        handle.closeFile()
        let run = try run(seconds: 3, folder: folder, [(1, "uid 0", "score add home 1")])
        #expect(run.log.contains { $0.contains("match record: \(file):3: a torn last line (14 bytes without its newline), dropped") })
        let record = try folder.read().get()
        #expect(record.torn == nil)
        #expect(record.entries.map(\.scores) == [["home": 1, "away": 0], ["home": 2, "away": 0]])
    }

    /// A folder that cannot be written refuses no change: the state is kept, the problem said once.
    @Test func aFolderThatCannotBeWrittenIsSaidOnceAndTheChangesAreKept() throws {
        let folder = RecordFolder(path: "/dev/null/record")
        let run = try run(seconds: 4, folder: folder, [(1, "uid 0", "score add home 1"), (2, "uid 0", "score add home 1")])
        #expect(run.replies == ["OK home=1 away=0", "OK home=2 away=0"])
        #expect(run.log.filter { $0.contains("cannot write the match record") }.count == 1)
        #expect(run.log.contains { $0.contains("cannot make /dev/null/record: Not a directory") })
    }

    /// `game record` reads the record back a page at a time.
    @Test func theSocketReadsTheRecordInPages() throws {
        let folder = RecordFolder(path: dir + "/record")
        _ = try run(seconds: 3, folder: folder, (1...3).map { (0.5 + Double($0) * 0.1, "uid 0", "score add home 1") })
        var parts = ClockLoop.Parts()
        parts.record = folder
        parts.stateFile = StateFile(path: dir + "/state.json")
        var pages: [String] = []
        _ = try SimulatedRun(from: LoopGameTests.start, zone: "UTC", length: .seconds(2), configure: LoopGameTests.configure, parts: parts) {
            clock, loop in
            clock.at(.seconds(1), .run { pages = ["game record", "game record match 1 from 3", "game record match 9"].map(loop.answer) })
        }
        #expect(pages == ["OK match=1 entries=1-3", "OK match=1 entries=3-3", "ERR state no record of match 9 is kept"])
    }
}

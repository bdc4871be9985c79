import FlipClockControl
import FlipClockCore
import Foundation
import Testing

@testable import FlipClockDaemon

/// A state file is read as strictly as a request: one left by a crash, an old version or a
/// hand is believed only if a request could have made it; otherwise it is moved aside and
/// the clock starts clean, at every start, instead of crashing at every start.
@Suite struct StateFileTests {
    let dir = NSTemporaryDirectory() + "flipclock-state-\(UUID().uuidString)"
    var path: String { dir + "/state.json" }
    let now = WallInstant(unixSeconds: 1_795_000_000)

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    func loading(_ json: String) throws -> (
        loaded: StateFile.Loaded,
        asideExists: Bool
    ) {
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = StateFile(path: path).load(now: now)
        return (loaded, FileManager.default.fileExists(atPath: "\(path).broken-\(now.unixSeconds)"))
    }

    @Test(
        arguments: [
            (
                #"{"scores":{},"timers":{"egg":{"duration":9223372036854775807,"state":{"idle":{}}}}}"#,
                "timer egg: duration 9223372036854775807 is not 0...5999"
            ),
            (#"{"scores":{},"timers":{"egg":{"duration":60,"state":{"paused":{"at":1e300}}}}}"#, "timer egg: paused at 1e+300 s, not 0...5999"),
            (
                #"{"scores":{},"timers":{"egg":{"duration":60,"state":{"running":{"since":1e300,"from":60}}}}}"#,
                "timer egg: running since 1e+300, not within a year of now (1795000000)"
            ),
            (
                #"{"scores":{},"timers":{"egg":{"duration":60,"state":{"running":{"since":1795000000,"from":-5}}}}}"#,
                "timer egg: running from -5.0 s, not 0...5999"
            ),
        ] as [(String, String)])
    func aStateNoRequestCouldMakeIsMovedAside(_ json: String, _ problem: String) throws {
        let (loaded, aside) = try loading(json)
        #expect(loaded.timers.isEmpty && loaded.scores.isEmpty)
        #expect(loaded.problem == "state file \(path) is unreadable (\(problem)); moved to \(path).broken-\(now.unixSeconds)")
        #expect(aside)
    }

    @Test func aStateARequestCouldMakeIsKept() throws {
        var timer = FlipTimer(TimerItem(name: "egg", duration: 240))
        timer.start(at: now - .seconds(30))
        let state = StateFile(path: path)
        try state.save(["home": 3], timers: ["egg": timer], texts: ["board": "GATE 12"])
        let loaded = state.load(now: now)
        #expect(loaded.problem == nil)
        #expect(loaded.scores == ["home": 3] && loaded.timers == ["egg": timer] && loaded.texts == ["board": "GATE 12"])
        #expect(loaded.soundOn)
    }

    @Test func soundOffIsKeptAndOnLeavesNoTrace() throws {
        let state = StateFile(path: path)
        try state.save(["home": 3], soundOn: false)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == #"{"scores":{"home":3},"sound":"off"}"#)
        #expect(state.load(now: now).soundOn == false)
        try state.save(["home": 3], soundOn: true)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == #"{"scores":{"home":3}}"#)
        #expect(state.load(now: now).soundOn)
    }

    /// What the daemon wrote before instants had a type of their own (FlipTimer's `Double`
    /// seconds, encoded by its `Codable`), byte for byte: it loads, and written back it is the
    /// same bytes, so a file on disk reads the same across the change.
    static let writtenBeforeWallInstant =
        #"{"scores":{"away":2,"home":3},"texts":{"board":"GATE 12"},"timers":{"egg":{"duration":240,"state":{"running":{"from":240,"since":1795000000.123456}}},"#
        + #""tea":{"duration":180,"state":{"paused":{"at":30.25}}},"toast":{"duration":60,"state":{"idle":{}}}}}"#

    @Test func aFileTheOldTimersWroteLoadsAndIsWrittenBackByteForByte() throws {
        let (loaded, aside) = try loading(Self.writtenBeforeWallInstant)
        #expect(loaded.problem == nil && !aside)
        #expect(loaded.timers["egg"]?.state == .running(since: WallInstant(secondsSince1970: 1_795_000_000.123456), from: 240))
        #expect(loaded.timers["tea"]?.state == .paused(at: 30.25) && loaded.timers["toast"]?.state == .idle)
        try StateFile(path: path).save(loaded.scores, timers: loaded.timers, texts: loaded.texts)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == Self.writtenBeforeWallInstant)
    }

    /// A file larger than any state is refused without being read whole; no file is a clean start.
    @Test func aStateFileOverOneMiBIsMovedAsideAndNoFileIsACleanStart() throws {
        let (loaded, aside) = try loading(#"{"scores":{},"texts":{"board":""# + String(repeating: " ", count: 2 << 20) + #""}}"#)
        #expect(loaded.problem == "state file \(path) is unreadable (over 1 MiB); moved to \(path).broken-\(now.unixSeconds)")
        #expect(aside)
        let clean = StateFile(path: path).load(now: now)
        #expect(clean.problem == nil && clean.scores.isEmpty && clean.timers.isEmpty && clean.texts.isEmpty)
    }

    /// The temporary file has a fixed name: a link planted there must not be written through.
    @Test func aLinkAtTheTemporaryNameIsNotFollowed() throws {
        let victim = dir + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(symlink(victim, path + ".tmp") == 0)
        try StateFile(path: path).save(["home": 1])
        #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8))
        #expect(StateFile(path: path).load(now: now).scores == ["home": 1])
    }

    /// A game comes back as it was saved, under the rules it was played under only; one that a
    /// request could not have made is not believed.
    @Test(arguments: [RunningClock.Direction.down, .up])
    func aGameComesBackUnderItsOwnRulesOnly(_ direction: RunningClock.Direction) throws {
        var rules = GameRules()
        rules.direction = direction
        rules.shotClock = ShotClockRules()
        var game = Game(rules: rules)
        try game.apply(.start, at: now)
        try game.apply(.possession(.home), at: now)
        try game.apply(.penalty(.away, 120_000), at: now + .seconds(3))
        try game.apply(.stop, at: now + .seconds(10))
        try game.apply(.endPeriod, at: now + .seconds(10))
        try StateFile(path: path).save([:], game: game)
        let saved = try #require(StateFile(path: path).load(now: now).game)
        #expect(saved.game(under: rules) == game)
        var other = rules
        other.periods = 2
        #expect(saved.game(under: other) == nil)
        let (loaded, aside) = try loading(
            #"{"scores":{},"game":{"rules":"x","period":1,"phase":"play","clock":{"ms":-5},"lengthSounded":false}}"#)
        #expect(
            loaded.problem == "state file \(path) is unreadable (game: clock at -5 ms, not 0...5999900); moved to \(path).broken-\(now.unixSeconds)")
        #expect(aside)
    }

    /// A state file that is a link (to keep it on another disk) stays one: the save goes to
    /// the file it names.
    @Test func aSaveWritesThroughALinkAndLeavesIt() throws {
        try FileManager.default.createDirectory(atPath: dir + "/kept", withIntermediateDirectories: true)
        try Data("{\"scores\":{}}".utf8).write(to: URL(fileURLWithPath: dir + "/kept/state.json"))
        #expect(symlink("kept/state.json", path) == 0)
        try StateFile(path: path).save(["home": 4])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "kept/state.json")
        #expect(StateFile(path: dir + "/kept/state.json").load(now: now).scores == ["home": 4])
    }

    /// A file that cannot be believed and cannot be moved aside (here one the kernel makes)
    /// is left as it is, and no change is saved over it.
    @Test func anUnbelievableFileThatCannotBeMovedIsNotSavedOver() throws {
        var state = StateFile(path: "/proc/version")
        let loaded = state.load(now: now)
        #expect(loaded.leftInPlace)
        #expect(loaded.problem?.hasSuffix("; it is left there, and no change is saved over it") == true, "\(loaded.problem ?? "")")
        state.leftInPlace = loaded.leftInPlace
        #expect(
            throws: ControlError(
                .state,
                "state file /proc/version was unreadable and could not be moved aside; not saved over it: move it away, and the next change is saved")
        ) {
            try state.save(["home": 1])
        }
    }

    /// An instant after now (a clock set back since the save) is taken as now, and said.
    @Test func aTimerOrGameClockStartedAfterNowIsTakenAsStartedNow() throws {
        let (loaded, aside) = try loading(
            #"{"scores":{},"timers":{"egg":{"duration":60,"state":{"running":{"since":1795000100,"from":60}}}},"game":{"rules":"r","period":1,"phase":"play","clock":{"ms":600000,"since":1795000200},"lengthSounded":false}}"#
        )
        #expect(!aside && loaded.problem == nil)
        #expect(loaded.timers["egg"]?.state == .running(since: now, from: 60))
        #expect(
            loaded.notes == [
                "state file \(path): timer egg: running since 1795000100.0, after now (1795000000.0); taken as started now",
                "state file \(path): game: clock running since 1795000200.0, after now (1795000000.0); taken as started now",
            ])
    }
}

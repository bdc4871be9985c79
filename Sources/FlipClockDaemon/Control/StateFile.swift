import FlipClockControl
import FlipClockCore
import FlipClockSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// The scores, kept on disk so that every acknowledged change survives a crash or a power cut.
///
/// A save writes a temporary file, fsyncs it, renames it over the state file and fsyncs the
/// folder; only then is the command acknowledged. A state file that cannot be read or parsed
/// is moved aside (never silently overwritten) and reported.
public struct StateFile: Sendable {
    public let path: String
    /// The file found unbelievable and not moved aside (``Loaded/leftInPlace``): never saved
    /// over while it is there, so what it holds stays for a person to look at.
    public var leftInPlace = false

    public init(path: String) { self.path = path }

    /// What a start reads: the state, and what to say of the file.
    public struct Loaded {
        public var scores: [String: Int] = [:]
        public var timers: [String: FlipTimer] = [:]
        public var texts: [String: String] = [:]
        public var game: SavedGame?
        /// The match counted in sets, with `[sets]`.
        public var sets: SetMatch?
        public var soundOn = true
        /// The message seconds a request set; `nil`: the configuration's.
        public var messageSeconds: Int?
        /// The moments requests set countdowns to, by name.
        public var countdowns: [String: CountdownTarget] = [:]
        /// Why the file was not believed, and where it went (logged as an error).
        public var problem: String?
        /// What was believed only in part: an instant after now taken as now (logged as a warning).
        public var notes: [String] = []
        /// The file was not believed and could not be moved aside.
        public var leftInPlace = false
    }

    /// The file's JSON: `{"scores":{…},"texts":{…},"timers":{"egg":{"duration":240,"state":…}}}`.
    struct Contents: Codable {
        var scores: [String: Int]
        var timers: [String: SavedTimer]?
        var texts: [String: String]?
        var game: SavedGame?
        /// Its history checked again as it is read (``SetMatch``'s decoding).
        var sets: SetMatch?
        /// `"off"` after `sound off`; left out while the clock sounds.
        var sound: String?
        /// After `message seconds 20`; left out while the configuration's count.
        var messageSeconds: Int?
        /// The words of each countdown's request: `{"opening":"to 2027-06-01T09:00"}`.
        var countdowns: [String: String]?

        enum CodingKeys: String, CodingKey {
            case scores, timers, texts, game, sets, sound, countdowns
            case messageSeconds = "message_seconds"
        }
    }

    /// A timer as the file keeps it: its instant in seconds since 1970, a JSON number, as
    /// every version has written it (`{"running":{"from":240,"since":1795000000.25}}`,
    /// `{"paused":{"at":30}}`, `{"idle":{}}`).
    struct SavedTimer: Codable {
        enum State: Codable {
            case idle
            case running(since: Double, from: Double)
            case paused(at: Double)
        }

        var duration: Int
        var state: State

        init(_ timer: FlipTimer) {
            duration = timer.duration
            state =
                switch timer.state {
                case .idle: .idle
                case let .running(since, from): .running(since: since.secondsSince1970, from: from)
                case let .paused(at): .paused(at: at)
                }
        }

        /// The timer, once ``problem(_:now:)`` has found nothing wrong with it (its instant is
        /// finite and near now); a countdown until the configuration says otherwise.
        var timer: FlipTimer {
            let kept: FlipTimer.State =
                switch state {
                case .idle: .idle
                case let .running(since, from): .running(since: WallInstant(secondsSince1970: since), from: from)
                case let .paused(at): .paused(at: at)
                }
            return FlipTimer(direction: .down, duration: duration, state: kept)
        }
    }

    /// Why a state file's contents are not believed.
    private struct Unbelievable: Error, CustomStringConvertible { var description: String }

    /// How far after now a saved instant may be (a clock a little slow since the save), in seconds.
    static let slack = 60.0

    /// The largest state file read: a few hundred bytes a score, timer or text.
    static let largest = 1 << 20

    /// Why `contents` cannot be what the daemon saved at about `now`, checked as
    /// strictly as a request: timers within their range, their instants finite and within a
    /// year of now, texts no longer than a request line. `nil` if it can be.
    static func problem(_ contents: Contents, now: WallInstant) -> String? {
        let longest = Double(TimerItem.longest)
        for (name, timer) in (contents.timers ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard (0...TimerItem.longest).contains(timer.duration) else {
                return "timer \(name): duration \(timer.duration) is not 0...\(TimerItem.longest)"
            }
            switch timer.state {
            case .idle: break
            case let .paused(at):
                guard at.isFinite, (0...longest).contains(at) else { return "timer \(name): paused at \(at) s, not 0...\(TimerItem.longest)" }
            case let .running(since, from):
                guard from.isFinite, (0...longest).contains(from) else {
                    return "timer \(name): running from \(from) s, not 0...\(TimerItem.longest)"
                }
                guard since.isFinite, abs(since - now.secondsSince1970) <= 366 * 86400 else {
                    return "timer \(name): running since \(since), not within a year of now (\(now.unixSeconds))"
                }
            }
        }
        for (name, text) in (contents.texts ?? [:]).sorted(by: { $0.key < $1.key }) where text.utf8.count > ControlRequest.maximumLength {
            return "text \(name): \(text.utf8.count) bytes; a text is at most \(ControlRequest.maximumLength)"
        }
        return contents.game?.problem(now: now)
    }

    /// What the bytes of a state file say, if they can be believed at about `now` (see
    /// ``problem(_:now:)``); what ``load(now:)`` reads, apart from the file (the fuzzer's way in).
    public static func contents(_ data: Data, now: WallInstant) throws -> (
        scores: [String: Int], timers: [String: FlipTimer]?, texts: [String: String]?, game: SavedGame?, sets: SetMatch?, soundOn: Bool,
        messageSeconds: Int?, countdowns: [String: CountdownTarget], notes: [String]
    ) {
        guard data.count <= Self.largest else { throw Unbelievable(description: "\(data.count) bytes, over 1 MiB") }
        var contents = try JSONDecoder().decode(Contents.self, from: data)
        if let problem = Self.problem(contents, now: now) { throw Unbelievable(description: problem) }
        var notes = contents.bound(now: now)
        if let seconds = contents.messageSeconds, !PanelMessage.holds.contains(.seconds(seconds)) {
            notes.append("message_seconds \(seconds) is not 1...86400; not taken (the configuration's count)")
            contents.messageSeconds = nil
        }
        var countdowns: [String: CountdownTarget] = [:]
        for (name, words) in (contents.countdowns ?? [:]).sorted(by: { $0.key < $1.key }) {
            let parts = words.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let direction = CountdownTarget.Direction(rawValue: parts[0]),
                let target = CountdownTarget(direction, parsing: parts[1])
            else {
                notes.append("countdown \(name): \"\(words.prefix(64))\" is not to or since \(CountdownTarget.form); not taken")
                continue
            }
            countdowns[name] = target
        }
        return (
            contents.scores, contents.timers?.mapValues(\.timer), contents.texts, contents.game, contents.sets, contents.sound != "off",
            contents.messageSeconds, countdowns, notes
        )
    }

    /// What was saved; empty if there is no file. A file that cannot be read, parsed or
    /// believed (see ``problem(_:now:)``) is moved to `PATH.broken-UNIXTIME` and the
    /// problem says so; one that cannot be moved is left where it is, and not saved over.
    func load(now: WallInstant) -> Loaded {
        do {
            // No more is read than a state file can be; a FIFO is not waited on.
            let read: [UInt8]?
            do {
                read = try ConfigFile.readRegularFile(path, limit: Self.largest)
            } catch let error as Errno where error == .noSuchFileOrDirectory {
                return Loaded()
            }
            guard let bytes = read else { throw Unbelievable(description: "over 1 MiB") }
            let c = try Self.contents(Data(bytes), now: now)
            return Loaded(
                scores: c.scores, timers: c.timers ?? [:], texts: c.texts ?? [:], game: c.game, sets: c.sets, soundOn: c.soundOn,
                messageSeconds: c.messageSeconds, countdowns: c.countdowns, notes: c.notes.map { "state file \(path): \($0)" })
        } catch {
            let aside = "\(path).broken-\(now.unixSeconds)"
            let moved = rename(path, aside) == 0
            let why = moved ? "moved to \(aside)" : "could not move it: \(Errno.current); it is left there, and no change is saved over it"
            return Loaded(problem: "state file \(path) is unreadable (\(error)); \(why)", leftInPlace: !moved)
        }
    }

    /// Writes `scores`, `timers`, `texts`, `game`, the match counted in `sets`, whether the
    /// clock sounds, the message seconds and the countdowns' moments requests set durably.
    public func save(
        _ scores: [String: Int], timers: [String: FlipTimer] = [:], texts: [String: String] = [:], game: Game? = nil, sets: SetMatch? = nil,
        soundOn: Bool = true, messageSeconds: Int? = nil, countdowns: [String: CountdownTarget] = [:]
    ) throws(ControlError) {
        if leftInPlace, access(path, F_OK) == 0 {
            throw ControlError(
                .state,
                "state file \(path) was unreadable and could not be moved aside; not saved over it: move it away, and the next change is saved")
        }
        // Through a link, to the file it names: the link stays.
        let path = Self.target(of: self.path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = "\(path).tmp"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard
            let data = try? encoder.encode(
                Contents(
                    scores: scores, timers: timers.isEmpty ? nil : timers.mapValues(SavedTimer.init), texts: texts.isEmpty ? nil : texts,
                    game: game.map(SavedGame.init), sets: sets, sound: soundOn ? nil : "off", messageSeconds: messageSeconds,
                    countdowns: countdowns.isEmpty ? nil : countdowns.mapValues(\.description)))
        else { throw ControlError(.state, "cannot encode the scores") }
        func fail(_ what: String) -> ControlError { ControlError(.state, "\(what): \(Errno.current)") }
        // A new file, never one already there: a link planted at the temporary name is not followed.
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o640)
        guard fd >= 0 else { throw fail("cannot write \(temporary)") }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            let error = fail("cannot write \(temporary)")
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw fail("cannot rename \(temporary) to \(path)") }
        let dir = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw fail("cannot open \(directory)") }
        defer { close(dir) }
        guard fsync(dir) == 0 else { throw fail("cannot sync \(directory)") }
    }

    /// The file `path` names, through any symbolic links (at most 40, as the kernel follows),
    /// relative ones read from the link's folder; `path` itself if it is no link.
    static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + link
        }
        return current
    }
}

extension StateFile.Contents {
    /// Instants more than ``StateFile/slack`` after `now` (a clock set back since the save, a
    /// hand's edit) taken as `now`: a clock never shows more than it was started from for
    /// longer than that. What was taken so, said.
    mutating func bound(now: WallInstant) -> [String] {
        let seconds = now.secondsSince1970
        var notes: [String] = []
        for (name, timer) in (timers ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard case let .running(since, from) = timer.state, since > seconds + StateFile.slack else { continue }
            timers?[name]?.state = .running(since: seconds, from: from)
            notes.append("timer \(name): running since \(since), after now (\(seconds)); taken as started now")
        }
        if var g = game {
            notes += g.bound(now: seconds)
            game = g
        }
        return notes
    }
}

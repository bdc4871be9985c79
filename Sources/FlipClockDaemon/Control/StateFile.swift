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

    public init(path: String) { self.path = path }

    /// The file's JSON: `{"scores":{…},"texts":{…},"timers":{"egg":{"duration":240,"state":…}}}`.
    struct Contents: Codable {
        var scores: [String: Int]
        var timers: [String: SavedTimer]?
        var texts: [String: String]?
        var game: SavedGame?
        /// `"off"` after `sound off`; left out while the clock sounds.
        var sound: String?
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
        scores: [String: Int], timers: [String: FlipTimer]?, texts: [String: String]?, game: SavedGame?, soundOn: Bool
    ) {
        guard data.count <= Self.largest else { throw Unbelievable(description: "\(data.count) bytes, over 1 MiB") }
        let contents = try JSONDecoder().decode(Contents.self, from: data)
        if let problem = Self.problem(contents, now: now) { throw Unbelievable(description: problem) }
        return (contents.scores, contents.timers?.mapValues(\.timer), contents.texts, contents.game, contents.sound != "off")
    }

    /// What was saved; empty if there is no file. A file that cannot be read, parsed or
    /// believed (see ``problem(_:now:)``) is moved to `PATH.broken-UNIXTIME` and the
    /// returned note says so.
    func load(now: WallInstant) -> (
        scores: [String: Int], timers: [String: FlipTimer], texts: [String: String], game: SavedGame?, soundOn: Bool, problem: String?
    ) {
        do {
            // No more is read than a state file can be.
            let read: [UInt8]?
            do {
                read = try readFile(path, limit: Self.largest)
            } catch {
                if error == .noSuchFileOrDirectory { return ([:], [:], [:], nil, true, nil) }
                throw error
            }
            guard let bytes = read else { throw Unbelievable(description: "over 1 MiB") }
            let contents = try Self.contents(Data(bytes), now: now)
            return (contents.scores, contents.timers ?? [:], contents.texts ?? [:], contents.game, contents.soundOn, nil)
        } catch {
            let aside = "\(path).broken-\(now.unixSeconds)"
            let moved = rename(path, aside) == 0
            return (
                [:], [:], [:], nil, true,
                "state file \(path) is unreadable (\(error)); " + (moved ? "moved to \(aside)" : "could not move it: \(Errno.current)")
            )
        }
    }

    /// Writes `scores`, `timers`, `texts`, `game` and whether the clock sounds durably.
    public func save(
        _ scores: [String: Int], timers: [String: FlipTimer] = [:], texts: [String: String] = [:], game: Game? = nil, soundOn: Bool = true
    ) throws(ControlError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = "\(path).tmp"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard
            let data = try? encoder.encode(
                Contents(
                    scores: scores, timers: timers.isEmpty ? nil : timers.mapValues(SavedTimer.init), texts: texts.isEmpty ? nil : texts,
                    game: game.map(SavedGame.init), sound: soundOn ? nil : "off"))
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
}

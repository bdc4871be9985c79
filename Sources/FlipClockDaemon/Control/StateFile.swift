import FlipClockCore
import FoundationEssentials
import Glibc

/// The scores, kept on disk so that every acknowledged change survives a crash or a power cut.
///
/// A save writes a temporary file, fsyncs it, renames it over the state file and fsyncs the
/// folder; only then is the command acknowledged. A state file that cannot be read or parsed
/// is moved aside (never silently overwritten) and reported.
public struct StateFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    struct Contents: Codable {
        var scores: [String: Int]
        var timers: [String: FlipTimer]?
        var texts: [String: String]?
    }

    /// What was saved; empty if there is no file. A broken file is moved to
    /// `PATH.broken-UNIXTIME` and the returned note says so.
    public func load() -> (scores: [String: Int], timers: [String: FlipTimer], texts: [String: String], problem: String?) {
        guard FileManager.default.fileExists(atPath: path) else { return ([:], [:], [:], nil) }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            return (contents.scores, contents.timers ?? [:], contents.texts ?? [:], nil)
        } catch {
            let aside = "\(path).broken-\(Int(Date().timeIntervalSince1970))"
            let moved = rename(path, aside) == 0
            return ([:], [:], [:], "state file \(path) is unreadable (\(error)); " + (moved ? "moved to \(aside)" : "could not move it: \(String(cString: strerror(errno)))"))
        }
    }

    /// Writes `scores`, `timers` and `texts` durably.
    public func save(_ scores: [String: Int], timers: [String: FlipTimer] = [:], texts: [String: String] = [:]) throws(ControlError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = "\(path).tmp"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Contents(scores: scores, timers: timers.isEmpty ? nil : timers, texts: texts.isEmpty ? nil : texts)) else { throw ControlError(.state, "cannot encode the scores") }
        func fail(_ what: String) -> ControlError { ControlError(.state, "\(what): \(String(cString: strerror(errno)))") }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o640)
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

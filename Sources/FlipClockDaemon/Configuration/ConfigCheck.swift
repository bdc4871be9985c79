import CLinux
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// Loads a configuration file that is someone's editor buffer, whatever its bytes.
///
/// The TOML parser (toml++, C++) aborts the process on some malformed headers (`[=]`,
/// `[[[1]]]`). So the text is read once and given first to the parser alone in a child
/// process (the daemon's own binary, `--parse-config`), with a time limit; only if the child
/// finished (the text TOML, or wrong in a way the parser reports) is the file parsed and
/// checked here. The rest of the reading (the keys, zones, locales, the keypad's names) cannot
/// crash, and is done once, here. A crash or a hang of the parser costs the child, and the
/// error says so.
public struct ConfigCheck: Sendable {
    /// The daemon's binary, which parses the text on its standard input with `--parse-config PATH`.
    public var parser: String
    public var timeLimit: Duration

    /// The largest configuration file read: far more than any face needs.
    public static let largest = 1 << 20

    public init(parser: String = "/proc/self/exe", timeLimit: Duration = .seconds(10)) {
        self.parser = parser
        self.timeLimit = timeLimit
    }

    /// Reads and validates the file at `path`; for a reload (`reloading`), a file that looks
    /// unfinished (``ConfigFile/unfinished(_:path:)``) is refused too.
    public func load(path: String, reloading: Bool = false) throws(ConfigError) -> ClockConfiguration {
        let text = try ConfigFile.read(path)
        if reloading, let unfinished = ConfigFile.unfinished(text, path: path) { throw unfinished }
        switch run(path: path, text: text) {
        case .finished:
            return try ConfigFile.parse(text, path: path)
        case .failed(let why):
            throw ConfigError(FileLocation(file: path, line: 1, column: 1), key: nil, "not valid TOML: the parser \(why)")
        }
    }

    enum Outcome: Equatable {
        /// The child exited: the text is safe to parse in this process.
        case finished
        /// The parser crashed or hung (what happened), or the child could not be run.
        case failed(String)
    }

    /// Runs the parser on `text` in a child process.
    func run(path: String, text: String) -> Outcome {
        // The text reaches the child as a file in memory: nothing to block on or break.
        let file = memfd_create("flipclock-config", UInt32(MFD_CLOEXEC))
        guard file >= 0 else { return .failed("could not be started: memfd_create: \(Errno.current)") }
        defer { close(file) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            do {
                written += try valueOrErrno { bytes.withUnsafeMutableBytes { write(file, $0.baseAddress! + written, $0.count - written) } }
            } catch {
                return .failed("could not be started: write: \(error)")
            }
        }
        lseek(file, 0, SEEK_SET)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, file, 0)
        // What it says is said again here: the text is parsed in this process for the message.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [parser, "--parse-config", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        // A crash is expected of it: no backtrace (the runtime's backtracer) to wait for.
        var environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
        var e = environ
        while let entry = e.pointee {
            if !String(cString: entry).hasPrefix("SWIFT_BACKTRACE=") { environment.append(strdup(entry)) }
            e += 1
        }
        environment.append(nil)
        defer { for v in environment { free(v) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, parser, &actions, nil, &argv, &environment)
        bytes = []
        // posix_spawn returns its error rather than setting errno.
        guard spawned == 0 else { return .failed("could not be started: \(parser): \(Errno(rawValue: spawned))") }
        return wait(pid)
    }

    /// Waits for the child up to the time limit, killing it past that.
    private func wait(_ pid: pid_t) -> Outcome {
        let deadline = ContinuousClock.now + timeLimit
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0, Errno.current != .interrupted { return .failed("could not be waited for: \(Errno.current)") }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .failed("took longer than \(timeLimit.components.seconds) s")
            }
            usleep(2000)
        }
        // WIFEXITED and WTERMSIG are macros: the status is the exit code << 8, or the signal.
        let signal = status & 0x7f
        if signal == 0 { return .finished }
        return .failed("crashed reading it (\(String(cString: strsignal(signal))))")
    }

    /// The child's side: gives the text on standard input (at most ``largest`` bytes) to
    /// the TOML parser as the file `path`; whether it is TOML.
    public static func parseStandardInput(as path: String) -> Bool {
        // A crash of the parser is what this process is for: no core dump of it.
        flipclock_no_core_dump()
        guard let bytes = (try? readAll(0, limit: largest)) ?? nil else { return false }
        return parsesAsTOML(bytes, path: path)
    }

    /// Whether the TOML parser reads `bytes` (the text of the file `path`) without a syntax
    /// error: all the child does, since nothing else in reading a configuration can crash.
    static func parsesAsTOML(_ bytes: [UInt8], path: String) -> Bool {
        do throws(ConfigError) {
            _ = try ConfigFile.table(try ConfigFile.text(bytes, path: path), path: path)
            return true
        } catch {
            return false
        }
    }
}

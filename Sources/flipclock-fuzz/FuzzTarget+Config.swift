import FlipClockDaemon
import Glibc
import TOMLKit

extension FuzzTarget {
    /// The configuration text, as a reload meets it: what ``ConfigFile/read(_:)`` lets through,
    /// then ``ConfigFile/parse(_:path:environment:)`` in this process.
    ///
    /// The daemon parses a file in a child process first (``ConfigCheck``), because toml++
    /// aborts on some headers (`[=]`); only a text the child survived is parsed in the daemon.
    /// The same here: toml++ runs first in a forked child, and a text it dies on is one the
    /// daemon refuses ("the parser crashed"), so it is skipped. Everything the daemon runs
    /// in-process then runs here, toml++ included, where a crash is the daemon's.
    static func config(_ bytes: [UInt8]) {
        guard bytes.count <= ConfigCheck.largest, let text = try? ConfigFile.text(bytes, path: "fuzz.toml") else { return }
        guard parserSurvives(text) else { return }
        _ = try? ConfigFile.parse(text, path: "fuzz.toml", environment: [:])
    }

    /// Whether toml++ parses `text` without dying, tried in a forked child.
    private static func parserSurvives(_ text: String) -> Bool {
        let child = fork()
        if child == 0 {
            // Dying as the daemon's child dies, by the signal: not caught by libFuzzer, the
            // sanitizer or Swift's backtracer, which the fuzzer's process has set up.
            for signal in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE] { Glibc.signal(signal, SIG_DFL) }
            _ = try? TOMLTable(string: text)
            _exit(0)
        }
        precondition(child > 0, "fork failed")
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 { precondition(errno == EINTR, "waitpid failed") }
        // Killed (toml++'s assertion, SIGABRT): the daemon's child dies the same way, and says so.
        if status & 0x7f != 0 { return false }
        // Exited with an error: AddressSanitizer found toml++ reading or writing out of bounds,
        // which without the sanitizer passes the child and then runs in the daemon.
        let code = status >> 8 & 0xff
        precondition(code == 0, "toml++ failed under AddressSanitizer in the child (exit \(code)); its report is above")
        return true
    }
}

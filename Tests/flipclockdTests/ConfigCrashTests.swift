import Foundation
import Testing

/// A configuration file is someone's editor buffer: bytes that crash the TOML parser
/// (toml++ aborts on some table headers) are an error with the file's name, never the end
/// of the daemon, at `--check-config` and at a reload alike.
@Suite struct ConfigCrashTests {
    static let crashing = ["[=]", "[é]", "[[[1]]]", "[[="]

    @Test(arguments: crashing)
    func checkConfigSaysTheParserCrashedAndExitsExConfig(_ header: String) throws {
        let path = try FlipclockdCommandTests.temporaryFile(header + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):1:1: not valid TOML: the parser crashed reading it (Aborted)\n")
    }

    @Test func aNulByteIsAnErrorWhereItIs() throws {
        let path = try FlipclockdCommandTests.temporaryFile("[clock]\nformat = \"HH:MM\"\u{0}\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:17: a NUL byte; the file is not text\n")
    }

    @Test func aFileOverAMebibyteIsRefused() throws {
        let path = try FlipclockdCommandTests.temporaryFile(String(repeating: "# padding\n", count: 110_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):1:1: larger than 1 MiB; a configuration is a few KiB\n")
    }

    @Test func aRunningDaemonKeepsItsConfigurationWhenTheParserCrashes() throws {
        let notify = SystemdTests.NotifySocket()
        let daemon = try SystemdTests.Daemon(notify: notify)
        #expect(notify.next(startingWith: "READY=1")?.hasPrefix("READY=1") == true)
        for header in Self.crashing {
            try SystemdTests.write(header + "\n", to: daemon.config)
            kill(daemon.process.processIdentifier, SIGHUP)
            #expect(notify.next(startingWith: "RELOADING=1")?.hasPrefix("RELOADING=1") == true)
            #expect(
                notify.next(startingWith: "READY=1")
                    == "READY=1\nSTATUS=reload failed: \(daemon.config):1:1: not valid TOML: the parser crashed reading it (Aborted)")
            #expect(daemon.process.isRunning)
        }
        // And a good file afterwards is applied.
        try SystemdTests.write(daemon.good, to: daemon.config)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(notify.next(startingWith: "RELOADING=1")?.hasPrefix("RELOADING=1") == true)
        #expect(notify.next(startingWith: "READY=1")?.hasPrefix("READY=1\nSTATUS=configuration reloaded") == true)
        daemon.process.terminate()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
    }
}

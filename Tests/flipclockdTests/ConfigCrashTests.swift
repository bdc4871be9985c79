import FlipClockTestKit
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

    /// The child process gives the text to the TOML parser and nothing more (what the keys
    /// mean is checked once, by the daemon): TOML that is no configuration (a format not
    /// allowed, a zone that does not exist) passes it; text that is not TOML does not.
    @Test func theParsersChildProcessOnlyReadsTOML() throws {
        let texts = [
            ("[clock]\nformat = \"HH\"\n", Int32(0)), ("[clock]\ntime_zone = \"Nowhere/Else\"\n", 0), ("[clock\n", 78),
        ]
        for (text, status) in texts {
            let path = try FlipclockdCommandTests.temporaryFile(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let process = Process()
            process.executableURL = FlipclockdCommandTests.binary
            process.arguments = ["--parse-config", path]
            process.standardInput = FileHandle(forReadingAtPath: path)
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == status, "\(text)")
        }
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
        let daemon = try SystemdTests.daemon()
        try daemon.start()
        let notify = daemon.notify
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
        try SystemdTests.write(daemon.configuration, to: daemon.config)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(notify.next(startingWith: "RELOADING=1")?.hasPrefix("RELOADING=1") == true)
        #expect(notify.next(startingWith: "READY=1")?.hasPrefix("READY=1\nSTATUS=configuration reloaded") == true)
        daemon.process.terminate()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
    }
}

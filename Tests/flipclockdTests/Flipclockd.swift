import FlipClockTestKit
import Foundation
import Glibc

/// The built flipclockd run as systemd runs it, for a test: in a folder of its own with its
/// configuration, `$NOTIFY_SOCKET` a socket the test reads. `start()` returns at its `READY=1`
/// (never after a sleep); it is stopped by its PID. Every suite that starts the daemon uses this.
final class Flipclockd {
    let dir: String
    /// The configuration it was made with (a test writes it back, or adds to it).
    let configuration: String
    /// A free loopback port, for a configuration's `[http]`.
    let port: Int
    let notify: NotifySocket
    private(set) var process = Process()
    private var started = false
    var config: String { dir + "/flipclock.toml" }
    var socket: String { dir + "/control.sock" }
    var state: String { dir + "/state.json" }
    /// What it wrote to standard error, every start appended.
    var logPath: String { dir + "/stderr" }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// `configuration` is given the folder (for the output's, socket's and state's paths) and
    /// the free port.
    init(_ name: String, configuration: (_ dir: String, _ port: Int) -> String) throws {
        dir = NSTemporaryDirectory() + "flipclock-\(name)-\(UUID().uuidString)"
        port = HTTPClient.freePort()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        notify = NotifySocket(in: dir)
        self.configuration = configuration(dir, port)
        try write(self.configuration)
        FileManager.default.createFile(atPath: logPath, contents: nil)
    }

    /// Where a daemon in `dir` keeps its frames (the PNG output, 320x240), its socket and its
    /// state: eight lines of a configuration.
    static func files(_ dir: String) -> String {
        """
        [output]
        kind = "png"
        directory = "\(dir)/frames"
        size = "320x240"
        [control]
        socket = "\(dir)/control.sock"
        [state]
        file = "\(dir)/state.json"
        """
    }

    /// Replaces its configuration file (a reload reads it).
    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: config)) }

    struct NotReady: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts it with its clock at `clock` (`FLIPCLOCK_START`), or on the system's clock, and
    /// returns its `READY=1` datagram; throws, with its log, if it exits first or sends none
    /// within 60 s (a sanitizer's build starts slowly).
    @discardableResult
    func start(clock: String? = "12:00:00", environment: [String: String] = [:]) throws -> String {
        notify.drain()
        process = Process()
        process.executableURL = FlipclockdCommandTests.binary
        process.arguments = ["--config", config]
        var variables = FlipclockdCommandTests.sanitizerOptions.merging(["NOTIFY_SOCKET": notify.path]) { $1 }
        if let clock { variables["FLIPCLOCK_START"] = clock }
        process.environment = variables.merging(environment) { $1 }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        started = true
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let datagram = notify.next(within: 0.2), datagram.hasPrefix("READY=1") { return datagram }
            if !process.isRunning {
                process.waitUntilExit()
                throw NotReady(description: "flipclockd exited with status \(process.terminationStatus) before READY=1: \(self.log.suffix(2000))")
            }
        }
        throw NotReady(description: "no READY=1 from flipclockd in 60 s: \(self.log.suffix(2000))")
    }

    /// `flipclockctl ARGUMENTS` on its socket.
    func ctl(_ arguments: [String]) throws -> FlipclockdCommandTests.Outcome {
        try FlipclockdCommandTests.run(arguments + ["--socket", socket], executable: ControlTests.ctl)
    }

    /// `signal` to it (SIGHUP: a reload).
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// SIGTERM, SIGKILL if it still runs 10 s later: its exit status.
    @discardableResult
    func stop() -> Int32 {
        guard started else { return -1 }
        guard process.isRunning else {
            process.waitUntilExit()
            return process.terminationStatus
        }
        send(SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { send(SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGKILL, as a crash or the OOM killer would.
    func killed() {
        send(SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if started, process.isRunning { killed() }
        try? FileManager.default.removeItem(atPath: dir)
    }
}

import Foundation
import Testing

/// flipclockctl against a running flipclockd: scores set, refused, kept across kill -9.
@Suite(.serialized) struct ControlTests {
    static let ctl: URL = FlipclockdCommandTests.binary.deletingLastPathComponent().appendingPathComponent("flipclockctl")

    final class Daemon {
        let dir = NSTemporaryDirectory() + "flipclock-control-\(UUID().uuidString)"
        var process = Process()
        var socket: String { dir + "/control.sock" }
        var state: String { dir + "/state.json" }

        init() throws {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let config = """
                [[score]]
                name = "home"
                [[score]]
                name = "away"
                digits = 3
                [[timer]]
                name = "egg"
                duration = "4m"
                [output]
                kind = "png"
                directory = "\(dir)/frames"
                size = "320x240"
                [control]
                socket = "\(dir)/control.sock"
                [state]
                file = "\(dir)/state.json"
                """
            try Data(config.utf8).write(to: URL(fileURLWithPath: dir + "/flipclock.toml"))
        }

        func start() throws {
            process = Process()
            process.executableURL = FlipclockdCommandTests.binary
            process.arguments = ["--config", dir + "/flipclock.toml"]
            process.environment = ["FLIPCLOCK_START": "12:00:00"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
            usleep(100_000)
        }

        func ctl(_ arguments: [String]) throws -> FlipclockdCommandTests.Outcome {
            try FlipclockdCommandTests.run(arguments + ["--socket", socket], executable: ControlTests.ctl)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    @Test func scoresAreSetRefusedAndReported() throws {
        let d = try Daemon()
        try d.start()
        #expect(try d.ctl(["score", "set", "home", "3"]).stdout == "home=3 away=0\n")
        #expect(try d.ctl(["score", "set", "home=5", "away=120"]).stdout == "home=5 away=120\n")
        let refused = try d.ctl(["score", "add", "home", "95"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "flipclockctl: ERR range home would be 100; allowed 0...99\n")
        #expect(try d.ctl(["status"]).stdout.contains("scores home=5 away=120"))
        #expect(try d.ctl(["score", "subtract", "--json", "away=20"]).stdout == "{\"ok\":true,\"scores\":{\"away\":100,\"home\":5}}\n")
        #expect(try String(contentsOfFile: d.state, encoding: .utf8) == "{\"scores\":{\"away\":100,\"home\":5},\"timers\":{\"egg\":{\"duration\":240,\"state\":{\"idle\":{}}}}}")
    }

    @Test func aTimerRunsPausesAndKeepsRunningAcrossARestart() throws {
        let d = try Daemon()
        try d.start()
        #expect(try d.ctl(["timer", "start", "egg", "0:30"]).stdout == "egg=00:30 running\n")
        #expect(try d.ctl(["timer", "pause", "egg"]).stdout.hasSuffix("paused\n"))
        #expect(try d.ctl(["timer", "resume", "egg"]).stdout.hasSuffix("running\n"))
        kill(d.process.processIdentifier, SIGKILL)
        d.process.waitUntilExit()
        try d.start()
        let status = try d.ctl(["status"]).stdout
        #expect(status.contains("timers egg=00:30 running") || status.contains("timers egg=00:29 running"), "\(status)")
        let unknown = try d.ctl(["timer", "start", "tea"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "flipclockctl: ERR unknown-timer \"tea\"; timers are egg\n")
        #expect(try d.ctl(["timer", "reset", "egg"]).stdout == "egg=04:00 idle\n")
    }

    @Test func anUnreachableDaemonIsAClearError() throws {
        let outcome = try FlipclockdCommandTests.run(["status", "--socket", "/nonexistent/control.sock"], executable: Self.ctl)
        #expect(outcome.status == 69)
        #expect(outcome.stderr == "flipclockctl: cannot reach flipclockd at /nonexistent/control.sock: No such file or directory\n")
    }

    /// Every acknowledged update is on disk when the daemon is killed at a random moment.
    @Test func acknowledgedScoresSurviveKillMinusNine() throws {
        let d = try Daemon()
        var acknowledged = 0
        for round in 0..<5 {
            try d.start()
            // The daemon comes back with the last acknowledged value.
            #expect(try d.ctl(["status"]).stdout.contains("away=\(acknowledged)"), "round \(round)")
            let pid = d.process.processIdentifier
            let delay = UInt32.random(in: 20_000...300_000)
            let killer = Thread {
                usleep(delay)
                kill(pid, SIGKILL)
            }
            killer.start()
            while true {
                let next = (acknowledged + 1) % 1000
                guard let reply = try? d.ctl(["score", "set", "away", "\(next)"]), reply.status == 0 else { break }
                acknowledged = next
            }
            d.process.waitUntilExit()
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: d.state))) as? [String: Any]
            // The last acknowledged write is there; at most one more, unacknowledged, may be too.
            let away = (saved?["scores"] as? [String: Int])?["away"]
            #expect(away == acknowledged || away == (acknowledged + 1) % 1000, "round \(round)")
            acknowledged = away ?? acknowledged
        }
    }
}

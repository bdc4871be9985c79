import Foundation
import Testing

/// flipclockctl against a running flipclockd: scores set, refused, kept across kill -9.
@Suite(.serialized) struct ControlTests {
    static let ctl: URL = FlipclockdCommandTests.binary.deletingLastPathComponent().appendingPathComponent("flipclockctl")

    /// A daemon with two scores, a timer and a text row; `extra`: more of the configuration
    /// file (a `[game]`).
    static func daemon(extra: String = "") throws -> Flipclockd {
        try Flipclockd("control") { dir, _ in
            """
            [[score]]
            name = "home"
            [[score]]
            name = "away"
            digits = 3
            [[timer]]
            name = "egg"
            duration = "4m"
            [[text]]
            name = "board"
            cards = 8
            \(Flipclockd.files(dir))
            \(extra)
            """
        }
    }

    @Test func scoresAreSetRefusedAndReported() throws {
        let d = try Self.daemon()
        try d.start()
        #expect(try d.ctl(["score", "set", "home", "3"]).stdout == "home=3 away=0\n")
        #expect(try d.ctl(["score", "set", "home=5", "away=120"]).stdout == "home=5 away=120\n")
        let refused = try d.ctl(["score", "add", "home", "95"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "flipclockctl: ERR range home would be 100; allowed 0...99\n")
        #expect(try d.ctl(["status"]).stdout.contains("scores home=5 away=120"))
        #expect(try d.ctl(["score", "subtract", "--json", "away=20"]).stdout == "{\"ok\":true,\"scores\":{\"away\":100,\"home\":5}}\n")
        #expect(
            try String(contentsOfFile: d.state, encoding: .utf8)
                == "{\"scores\":{\"away\":100,\"home\":5},\"timers\":{\"egg\":{\"duration\":240,\"state\":{\"idle\":{}}}}}")
    }

    /// A running timer killed with the daemon comes back where it has run to meanwhile: 0:30
    /// less the time since it started (and not the time it was paused), to a second.
    @Test func aTimerRunsPausesAndKeepsRunningAcrossARestart() throws {
        let d = try Self.daemon()
        // The system's clock: a simulated one would start again at the same time.
        try d.start(clock: nil)
        let startSent = Date()
        #expect(try d.ctl(["timer", "start", "egg", "0:30"]).stdout == "egg=00:30 running\n")
        let startAnswered = Date(), pauseSent = Date()
        #expect(try d.ctl(["timer", "pause", "egg"]).stdout.hasSuffix("paused\n"))
        #expect(try d.ctl(["timer", "resume", "egg"]).stdout.hasSuffix("running\n"))
        let resumeAnswered = Date()
        let (status, asked, read) = try d.killedAndRestarted()
        let timer = try #require(status.firstMatch(of: /timers egg=(\d\d):(\d\d) running/), "\(status)")
        let left = Double(Int(timer.1)! * 60 + Int(timer.2)!)
        // It ran from its start to the status less its pause, which lay between the pause's
        // request and the resume's answer; a second shown is any instant within it.
        let paused = resumeAnswered.timeIntervalSince(pauseSent)
        let most = 30 - asked.timeIntervalSince(startAnswered) + paused + 1, least = 30 - read.timeIntervalSince(startSent) - 1
        #expect(left >= least && left <= most, "shown \(left) s left, expected \(least)...\(most): \(status)")
        let unknown = try d.ctl(["timer", "start", "tea"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "flipclockctl: ERR unknown-timer \"tea\"; timers are egg\n")
        #expect(try d.ctl(["timer", "reset", "egg"]).stdout == "egg=04:00 idle\n")
    }

    /// A match killed mid-period comes back with its game clock where the game has run to
    /// meanwhile, not where it was saved: 10:00 less the time since `game start`, to a second.
    @Test func aGameKilledMidPeriodComesBackAtTheTimeItHasRunTo() throws {
        let d = try Self.daemon(extra: "[game]\nperiods = 2\nperiod = \"10:00\"\nbreaks = []\ntenths_below = 0")
        // The system's clock: a simulated one would start again at the same time.
        try d.start(clock: nil)
        let sent = Date()
        let started = try d.ctl(["game", "start"]).stdout
        let answered = Date()
        #expect(started.hasPrefix("period=1 play clock=10:00 running"), "\(started)")
        let (status, asked, read) = try d.killedAndRestarted()
        let clock = try #require(status.firstMatch(of: /game period=1 play clock=(\d\d):(\d\d) running/), "\(status)")
        let left = Double(Int(clock.1)! * 60 + Int(clock.2)!)
        // The game ran from between `sent` and `answered` to between `asked` and `read`; a
        // second shown is any instant within it.
        let most = 600 - asked.timeIntervalSince(answered) + 1, least = 600 - read.timeIntervalSince(sent) - 1
        #expect(left >= least && left <= most, "shown \(left) s left, expected \(least)...\(most): \(status)")
    }

    @Test func aTimerCountsDownToATimeOfDay() throws {
        let d = try Self.daemon()
        try d.start()  // the clock starts at 12:00:00
        let started = try d.ctl(["timer", "start", "egg", "--at", "12:30"]).stdout
        #expect(started == "egg=30:00 running\n" || started == "egg=29:59 running\n" || started == "egg=29:58 running\n", "\(started)")
        let far = try d.ctl(["timer", "start", "egg", "--at", "14:00"])
        #expect(far.status == 1)
        #expect(
            far.stderr.hasPrefix("flipclockctl: ERR range 14:00:00 is 1 h 59 min away")
                || far.stderr.hasPrefix("flipclockctl: ERR range 14:00:00 is 2 h 0 min away"), "\(far.stderr)")
        let json = try d.ctl(["timer", "start", "egg", "--at", "12:10", "--json"]).stdout
        #expect(json.contains("egg=10:00 running") || json.contains("egg=09:59 running") || json.contains("egg=09:58 running"), "\(json)")
    }

    @Test func aTextRowShowsCheckedWordsThatSurviveARestart() throws {
        let d = try Self.daemon()
        try d.start()
        #expect(try d.ctl(["text", "board", "Gate", "12"]).stdout == "board=\"GATE 12\"\n")
        let wrong = try d.ctl(["text", "board", "Café"])
        #expect(
            wrong.stderr
                == "flipclockctl: ERR range \"É\" is not on the cards of board; they show A-Z, 0-9, blank and . , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips 🟥🟧🟨🟩🟦🟪⬜⬛█ (its [[text]] characters adds more)\n"
        )
        let long = try d.ctl(["text", "board", "DEPARTURES"])
        #expect(long.stderr == "flipclockctl: ERR range \"DEPARTURES\" is 10 characters; board has 8 cards\n")
        let unknown = try d.ctl(["text", "sign", "HI"])
        #expect(unknown.stderr == "flipclockctl: ERR unknown-text \"sign\"; texts are board\n")
        #expect(try d.ctl(["text", "board", " ON TIME", "--json"]).stdout == "{\"ok\":true,\"texts\":{\"board\":\" ON TIME\"}}\n")
        d.killed()
        try d.start()
        #expect(try String(contentsOfFile: d.state, encoding: .utf8).contains("\"texts\":{\"board\":\" ON TIME\"}"))
    }

    /// flipclockctl reads its arguments with the protocol's own grammar: the quoted text
    /// arrives whole (quotes and all), a bad duration is refused as the daemon would refuse
    /// it, in the form asked for, and a message without text or --for is a usage error.
    @Test func messagesAreCheckedOnTheWayIn() throws {
        let d = try Self.daemon()
        try d.start()
        let long = try d.ctl(["message", #"say "hi" at\the door"#, "--for", "25h"])
        #expect(long.status == 1)
        #expect(long.stderr == "flipclockctl: ERR range a message is shown for 1s to 24h\n")
        let json = try d.ctl(["message", "hi", "--for", "soon", "--json"])
        #expect(json.stderr == #"flipclockctl: {"code":"syntax","error":"\"soon\" is not a duration (30s, 5m, 1h30m, MM:SS)","ok":false}"# + "\n")
        #expect(try d.ctl(["message", "Dinner is ready", "--for", "30s"]).stdout == "message 1\n")
        #expect(
            try d.ctl(["message", "Bring plates", "--for", "1m", "--row", "1", "--json"]).stdout == "{\"message\":2,\"ok\":true,\"waiting\":1}\n")
        #expect(try d.ctl(["message", "Tea", "--for", "1m", "--name", "tea"]).stdout == "message 3\n")
        #expect(try d.ctl(["message", "DOOR", "--for", "10s", "--urgent", "--name", "door"]).stdout == "message 4\n")
        let listed = try d.ctl(["message", "--list"]).stdout
        #expect(listed.contains(#""DOOR" for 10s row 1 name door urgent"#), "\(listed)")
        #expect(try d.ctl(["message", "--retract", "door"]).status == 0)
        let gone = try d.ctl(["message", "--retract", "door"])
        #expect(gone.stderr.hasPrefix(#"flipclockctl: ERR unknown-message no message named "door" is shown or waiting; "#), "\(gone.stderr)")
        #expect(try d.ctl(["message", "--retract", "door", "--urgent"]).stderr.hasPrefix("Error: --retract comes alone"))
        #expect(try d.ctl(["message", "--clear"]).stdout == "messages cleared\n")
        let bare = try d.ctl(["message", "hi"])
        #expect(bare.status == 64)
        #expect(bare.stderr.hasPrefix("Error: give the message's text and --for DURATION, --clear or --list"))
        #expect(try d.ctl(["screen", "dim", "30"]).stdout.hasPrefix("screen=dim 30%"))
        #expect(try d.ctl(["display", "on", "--json"]).stdout == #"{"ok":true,"screen":"on"}"# + "\n")
    }

    /// A raw client: connects, sends bytes, reads what comes back until the daemon closes or
    /// `seconds` pass.
    /// A socket connected to `socket` (or not, if nothing listens there).
    static func connected(_ socket: String) -> Int32 {
        let fd = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in socket.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return fd
    }

    static func exchange(_ socket: String, send bytes: [UInt8], seconds: Double) -> (reply: String, closed: Bool) {
        let fd = connected(socket)
        defer { close(fd) }
        if !bytes.isEmpty { _ = Foundation.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return (String(decoding: reply, as: UTF8.self), true) }
            reply += chunk[0..<n]
        }
        return (String(decoding: reply, as: UTF8.self), false)
    }

    /// (That a client saying nothing is dropped at the line timeout, the loop answering others
    /// meanwhile, is ControlServerTests' `theLoopDropsASilentClientAtItsTimeoutAndAnswersOthers`,
    /// on a short timeout rather than the daemon's 10 s.)
    @Test func anOverlongRequestIsRefusedAndASilentClientDoesNotHoldTheDaemon() throws {
        let d = try Self.daemon()
        try d.start()
        let long = Self.exchange(d.socket, send: Array(repeating: UInt8(ascii: "a"), count: 5000), seconds: 3)
        #expect(long.reply == "ERR too-long a request is at most 4096 bytes\n")
        #expect(long.closed)
        // A client that says nothing holds a place, not the daemon: another is answered.
        let silent = Self.connected(d.socket)
        defer { close(silent) }
        #expect(try d.ctl(["status"]).status == 0)
    }

    @Test func manyClientsAtOnceAreAnswered() throws {
        let d = try Self.daemon()
        try d.start()
        var fds: [Int32] = []
        for _ in 0..<40 {
            let fd = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in d.socket.utf8.enumerated() { raw[i] = b } }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            fds.append(fd)
        }
        defer { for fd in fds { close(fd) } }
        for fd in fds { _ = Foundation.send(fd, Array("ping\n".utf8), 5, Int32(MSG_NOSIGNAL)) }
        var answered = 0
        for fd in fds {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 5000) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64)
            if String(decoding: chunk[0..<max(0, recv(fd, &chunk, 64, 0))], as: UTF8.self) == "OK pong\n" { answered += 1 }
        }
        #expect(answered == 40)
    }

    @Test func anUnreachableDaemonIsAClearError() throws {
        let outcome = try FlipclockdCommandTests.run(["status", "--socket", "/nonexistent/control.sock"], executable: Self.ctl)
        #expect(outcome.status == 69)
        #expect(outcome.stderr == "flipclockctl: cannot reach flipclockd at /nonexistent/control.sock: No such file or directory\n")
    }

    /// Every acknowledged update is on disk when the daemon is killed at a random moment:
    /// 10 rounds of updates as fast as one client can send them, SIGKILL at a random 50–500 ms.
    @Test func acknowledgedScoresSurviveKillMinusNine() throws {
        let d = try Self.daemon()
        var acknowledged = 0
        var total = 0
        let rounds = 20
        for round in 0..<rounds {
            try d.start()
            // The daemon comes back with the last acknowledged value.
            let status = try d.ctl(["status"])
            #expect(status.stdout.contains("away=\(acknowledged)"), "round \(round): \(status)")
            let pid = d.process.processIdentifier
            let delay = UInt32.random(in: 500_000...2_500_000)
            let killer = Thread {
                usleep(delay)
                kill(pid, SIGKILL)
            }
            killer.start()
            let fd = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in d.socket.utf8.enumerated() { raw[i] = b } }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            var pending: [UInt8] = []
            while true {
                let next = (acknowledged + 1) % 1000
                let request = Array("score set away \(next)\n".utf8)
                guard Foundation.send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { break }
                var line: String?
                while line == nil {
                    if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        break
                    }
                    var chunk = [UInt8](repeating: 0, count: 256)
                    let n = recv(fd, &chunk, chunk.count, 0)
                    if n <= 0 { break }
                    pending += chunk[0..<n]
                }
                guard let line, line.hasPrefix("OK") else { break }
                acknowledged = next
                total += 1
            }
            close(fd)
            d.process.waitUntilExit()
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: d.state))) as? [String: Any]
            // The last acknowledged write is there; at most one more, unacknowledged, may be too.
            let away = (saved?["scores"] as? [String: Int])?["away"]
            #expect(away == acknowledged || away == (acknowledged + 1) % 1000, "round \(round)")
            acknowledged = away ?? acknowledged
        }
        print("kill -9 test: \(total) acknowledged updates over \(rounds) kills")
        #expect(total >= 300)
    }
}

extension Flipclockd {
    /// Lets it run 1 s, kills it (SIGKILL), leaves it dead 3 s and starts it again on the
    /// system's clock (a clock that did not run on meanwhile is then 3 s or more off), and
    /// asks its `status`: the answer, and the instants just before the asking and after it.
    fileprivate func killedAndRestarted() throws -> (status: String, asked: Date, read: Date) {
        usleep(1_000_000)
        killed()
        usleep(3_000_000)
        try start(clock: nil)
        let asked = Date()
        let status = try ctl(["status"]).stdout
        return (status, asked, Date())
    }
}

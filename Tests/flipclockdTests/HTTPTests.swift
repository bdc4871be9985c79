import Foundation
import Glibc
import Testing

/// The HTTP API of a running flipclockd, spoken raw over loopback: the same state as the
/// socket's, and every refusal bounded.
@Suite(.serialized) struct HTTPTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// A daemon with two scores and `http`, the `[http]` table's lines: `LISTEN` stands for its
    /// address, `PORT` for its port and `DIR` for its folder (where `http-token` holds `token`).
    static func daemon(http: String = "listen = \"LISTEN\"\ntimeout_seconds = 1\n") throws -> Flipclockd {
        let d = try Flipclockd("http") { dir, port in
            """
            [[score]]
            name = "home"
            [[score]]
            name = "away"
            \(Flipclockd.files(dir))
            [http]
            \(http.replacingOccurrences(of: "LISTEN", with: "127.0.0.1:\(port)").replacingOccurrences(of: "PORT", with: "\(port)").replacingOccurrences(of: "DIR", with: dir))
            """
        }
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: d.dir + "/http-token"))
        return d
    }

    @Test func theStateIsTheSocketsAndAScorePostedIsKept() throws {
        let d = try Self.daemon()
        try d.start()
        let state = HTTPClient.request(port: d.port, "GET", "/v1/state")
        #expect(state.status == 200)
        #expect(state.body.contains(#""scores":{"away":0,"home":0}"#), "\(state.body)")
        let set = HTTPClient.request(port: d.port, "POST", "/v1/scores/set", body: #"{"scores":{"home":3,"away":2}}"#)
        #expect(set.status == 200)
        #expect(set.body == #"{"ok":true,"scores":{"away":2,"home":3}}"#)
        #expect(HTTPClient.request(port: d.port, "GET", "/v1/state").body.contains(#""scores":{"away":2,"home":3}"#))
        #expect(try d.ctl(["status"]).stdout.contains("scores home=3 away=2"))
        #expect(try String(contentsOfFile: d.dir + "/state.json", encoding: .utf8).contains(#""scores":{"away":2,"home":3}"#))
        let refused = HTTPClient.request(port: d.port, "POST", "/v1/scores/add", body: #"{"scores":{"home":97}}"#)
        #expect(refused.status == 422)
        #expect(
            refused.body
                == #"{"code":"range","detail":"home would be 100; allowed 0...99","status":422,"title":"Out of range","type":"urn:flipclock:problem:range"}"#
        )
    }

    /// `GET /metrics` counts what the daemon did, and promtool (Prometheus' own checker) finds
    /// nothing wrong with it.
    @Test func theMetricsCountTheRequestsAndPassPromtool() throws {
        let d = try Self.daemon()
        try d.start()
        #expect(HTTPClient.request(port: d.port, "POST", "/v1/scores/add", body: #"{"scores":{"home":1}}"#).status == 200)
        #expect(HTTPClient.request(port: d.port, "POST", "/v1/scores/add", body: #"{"scores":{"guests":1}}"#).status == 422)
        #expect(try d.ctl(["score", "add", "away", "1"]).stdout == "home=1 away=1\n")
        let metrics = HTTPClient.request(port: d.port, "GET", "/metrics")
        #expect(metrics.status == 200)
        let lines = metrics.body.split(separator: "\n")
        #expect(lines.contains(#"flipclock_control_requests_total{source="http",result="ok"} 1"#))
        #expect(lines.contains(#"flipclock_control_requests_total{source="http",result="unknown-score"} 1"#))
        #expect(lines.contains(#"flipclock_control_requests_total{source="socket",result="ok"} 1"#))
        #expect(lines.contains { $0.hasPrefix("flipclock_frames_total ") && $0 != "flipclock_frames_total 0" })
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/promtool")
        check.arguments = ["check", "metrics"]
        let input = Pipe(), output = Pipe()
        check.standardInput = input
        check.standardOutput = output
        check.standardError = output
        try check.run()
        input.fileHandleForWriting.write(Data(metrics.body.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "\(said)")
        #expect(said == "")
    }

    @Test func withATokenNoneAndAWrongOneAreRefused() throws {
        let d = try Self.daemon(http: "listen = \"LISTEN\"\ntoken_file = \"DIR/http-token\"\n")
        try d.start()
        let none = HTTPClient.request(port: d.port, "GET", "/v1/state")
        #expect(none.status == 401)
        #expect(
            none.body
                == #"{"code":"unauthorized","detail":"the request has no Authorization header; send Authorization: Bearer TOKEN","status":401,"title":"A token is needed","type":"urn:flipclock:problem:unauthorized"}"#
        )
        let wrong = HTTPClient.request(port: d.port, "GET", "/v1/state", token: "0123456789abcdef0123456789abcdee")
        #expect(wrong.status == 401)
        #expect(wrong.body.contains(#""detail":"the token is not the one in the daemon's token file""#))
        #expect(HTTPClient.request(port: d.port, "GET", "/v1/state", token: Self.token).status == 200)
    }

    @Test func anOversizeBodyIsRefusedUnread() throws {
        let d = try Self.daemon()
        try d.start()
        let big = HTTPClient.request(port: d.port, "POST", "/v1/messages", body: String(repeating: "x", count: 20000))
        #expect(big.status == 413)
        #expect(big.body.contains(#""detail":"a request body is at most 16384 bytes""#))
    }

    /// Headers past their bound are Hummingbird's own refusal: 400 and the connection closed.
    @Test func oversizeHeadersAreRefused() throws {
        let d = try Self.daemon()
        try d.start()
        let answer = HTTPClient.exchange(
            port: d.port, "GET /v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 10000))\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n"), "\(answer)")
    }

    @Test func anAddressOthersReachNeedsAToken() throws {
        let d = try Self.daemon(http: "listen = \"0.0.0.0:8080\"\n")
        let outcome = try FlipclockdCommandTests.run(["--config", d.config])
        #expect(outcome.status == 78)
        #expect(
            outcome.stderr
                == "flipclockd: \(d.config):14:10: http.listen: 0.0.0.0:8080 is reachable from other hosts; set http.token_file too, or listen on 127.0.0.1\n"
        )
    }

    @Test func aMissingTokenFileIsAConfigurationError() throws {
        let d = try Self.daemon(http: "listen = \"LISTEN\"\ntoken_file = \"DIR/none\"\n")
        let outcome = try FlipclockdCommandTests.run(["--config", d.config])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(d.config):15:14: http.token_file: \(d.dir)/none: cannot read: No such file or directory\n")
    }

    /// A port another program holds stops the daemon, saying so; the restart may find it free.
    @Test func aTakenPortStopsTheDaemon() throws {
        let d = try Self.daemon()
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = HTTPClient.loopback(port: d.port)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(holder, 1)
        let outcome = try FlipclockdCommandTests.run(["--config", d.config])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.hasSuffix("flipclockd: http.listen: cannot listen on 127.0.0.1:\(d.port): Address already in use\n"), "\(outcome.stderr)")
    }

    /// A byte now and then does not hold a connection: the whole request is due within the timeout (1 s here).
    @Test func aSlowClientIsDropped() throws {
        let d = try Self.daemon()
        try d.start()
        let fd = HTTPClient.connect(port: d.port)
        defer { close(fd) }
        let start = Date()
        var dropped = false
        for byte in "GET /v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8 {
            var b = byte
            if send(fd, &b, 1, Int32(MSG_NOSIGNAL)) < 0 {
                dropped = true
                break
            }
            usleep(100_000)
        }
        if !dropped { dropped = HTTPClient.read(fd).isEmpty }
        let took = Date().timeIntervalSince(start)
        #expect(dropped)
        #expect(took > 0.9 && took < 3, "\(took)")
    }

    /// A request whose body never comes does not hold the stop: with `timeout_seconds = 120`
    /// SIGTERM waited 59 s for it (issue 31, 13), past systemd's patience.
    @Test func aStopDoesNotWaitForAHalfOpenRequest() throws {
        let d = try Self.daemon(http: "listen = \"LISTEN\"\ntimeout_seconds = 120\n")
        try d.start()
        let fd = HTTPClient.connect(port: d.port)
        defer { close(fd) }
        let head = "POST /v1/scores/set HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        _ = head.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let idle = HTTPClient.connect(port: d.port)
        defer { close(idle) }
        usleep(300_000)
        let start = Date()
        kill(d.process.processIdentifier, SIGTERM)
        while d.process.isRunning, Date().timeIntervalSince(start) < 30 { usleep(50_000) }
        let took = Date().timeIntervalSince(start)
        #expect(!d.process.isRunning)
        // The grace (2 s) and the rest of the stop; it was the request's whole timeout.
        #expect(took < 10, "\(took)")
    }

    /// A thousand connections at once: the daemon accepts at most 64 of them, the rest wait
    /// in the kernel's queue or are refused, and the socket and the API answer after.
    @Test func aThousandConnectionsAreBounded() throws {
        let d = try Self.daemon()
        try d.start()
        let before = d.descriptors
        let clients = (0..<1000).map { _ in HTTPClient.connect(port: d.port, blocking: false) }
        usleep(500_000)
        let during = d.descriptors
        // 64 connections, and a few descriptors of the server's own.
        #expect(during - before <= 64 + 4, "\(before) then \(during)")
        #expect(try d.ctl(["status"]).stdout.hasPrefix("time=12:00"))
        for fd in clients where fd >= 0 { close(fd) }
        var status = 0
        for _ in 0..<50 where status != 200 {
            status = HTTPClient.request(port: d.port, "GET", "/v1/state").status
            if status != 200 { usleep(100_000) }
        }
        #expect(status == 200)
    }
}

extension Flipclockd {
    /// Descriptors the daemon has open now.
    var descriptors: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? 0 }
}

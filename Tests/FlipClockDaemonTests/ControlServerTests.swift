import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// The control socket's bounds, each with the attack that broke it before.
@Suite(.serialized) struct ControlServerTests {
    let dir = NSTemporaryDirectory() + "flipclock-control-\(UUID().uuidString)"
    var path: String { dir + "/c.sock" }

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    /// A client connected to `path`, non-blocking.
    final class Client {
        let fd: Int32
        init(_ path: String) {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un(path: path)!
            _ = address.withSocketAddress(path: path) { connect(fd, $0, $1) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        deinit { close(fd) }
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, 0) } }
        func send(_ text: String) { send(Array(text.utf8)) }
        /// What arrived so far; `nil` once the server has closed the connection.
        func received() -> String? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return nil }
            return n < 0 ? "" : String(decoding: buffer[..<n], as: UTF8.self)
        }
    }

    @Test func aSecondDaemonOnTheSameSocketIsRefusedAndTheFirstKeepsIt() throws {
        let first = try ControlServer(path: path, group: nil)
        #expect(throws: ControlServer.Refusal(description: "another flipclockd is listening on \(path)")) {
            try ControlServer(path: path, group: nil)
        }
        let client = Client(path)
        _ = first.service(Set(first.descriptors), now: .zero)
        client.send("ping\n")
        #expect(first.service(Set(first.descriptors), now: .zero).map(\.line) == ["ping"])
    }

    @Test func aFileThatIsNotASocketIsNeverRemoved() throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data("precious".utf8)))
        #expect(throws: ControlServer.Refusal(description: "\(path) exists and is not a socket; not replacing it")) {
            try ControlServer(path: path, group: nil)
        }
        #expect(FileManager.default.contents(atPath: path) == Data("precious".utf8))
    }

    @Test func aSocketLeftByADeadDaemonIsReplaced() throws {
        do { _ = try ControlServer(path: path, group: nil) }
        // A crash leaves the file: make one without removing it.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un(path: path)!
        #expect(address.withSocketAddress(path: path) { bind(fd, $0, $1) } == 0)
        close(fd)
        #expect(throws: Never.self) { _ = try ControlServer(path: path, group: nil) }
    }

    @Test func anUnknownGroupIsSaid() throws {
        let server = try ControlServer(path: path, group: "no-such-group-flipclock")
        #expect(
            server.problem
                == "control.group: no group \"no-such-group-flipclock\" on this system; only the daemon's own user and group may use the socket")
        #expect(try ControlServer(path: dir + "/d.sock", group: nil).problem == nil)
    }

    /// 64 clients each sending a byte every 5 s used to lock everyone out: now a line must be
    /// finished within 10 s of starting it.
    @Test func aClientDrippingBytesIsDroppedWhenItsLineTimesOut() throws {
        let server = try ControlServer(path: path, group: nil)
        let slow = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        for second in [3, 6, 9] {
            slow.send("s")
            _ = server.service(Set(server.descriptors), now: .seconds(second))
            #expect(slow.received() == "")
        }
        slow.send("s")
        _ = server.service(Set(server.descriptors), now: .seconds(10))
        // Told why it is closed (issue 31), then closed.
        #expect(slow.received() == "ERR busy no whole request line within 10 s; closing\n")
        #expect(slow.received() == nil)
    }

    /// What a client saw of the loop while it ran.
    final class Seen: @unchecked Sendable {
        var reply = ""
        var silentDroppedAfter: Duration?
    }

    /// The loop on the system's clock wakes for the line timeout: a client that says nothing is
    /// dropped when it is up (0.3 s here, 10 s in the daemon), and another is answered meanwhile.
    @Test func theLoopDropsASilentClientAtItsTimeoutAndAnswersOthers() throws {
        let server = try ControlServer(path: path, group: nil, lineTimeout: .milliseconds(300))
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = ClockConfiguration()
        configuration.backlight = "none"
        var parts = ClockLoop.Parts()
        parts.control = server
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(),
            clock: try SystemClock(), logger: logger, parts: parts
        )
        let seen = Seen(), path = path, requests = loop.requests
        DispatchQueue.global().async {
            defer { requests.send(.stop) }
            let connected = ContinuousClock.now
            let silent = Client(path), asking = Client(path)
            asking.send("ping\n")
            while seen.reply.isEmpty, ContinuousClock.now - connected < .seconds(5) {
                seen.reply = asking.received() ?? "(closed)"
                usleep(5000)
            }
            while silent.received() != nil, ContinuousClock.now - connected < .seconds(5) { usleep(5000) }
            if silent.received() == nil { seen.silentDroppedAfter = ContinuousClock.now - connected }
        }
        _ = try loop.run()
        #expect(seen.reply == "OK pong\n")
        let dropped = try #require(seen.silentDroppedAfter, "the silent client was not dropped within 5 s")
        #expect(dropped >= .milliseconds(300))
    }

    @Test func controlCharactersAndBadUTF8AreRefusedWithTheirPlace() throws {
        let server = try ControlServer(path: path, group: nil)
        let client = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        let nul: [UInt8] = Array("score set home 1".utf8) + [0, 10]
        let escape: [UInt8] = Array("text board \u{1B}[2J\n".utf8)
        let invalid: [UInt8] = [0xFF, 0xFE, 10]
        client.send(nul + escape + invalid + Array("ping\r\n".utf8))
        #expect(server.service(Set(server.descriptors), now: .zero).map(\.line) == ["ping"])
        #expect(
            client.received() == """
                ERR syntax a request has a control character (0x00) at byte 17
                ERR syntax a request has a control character (0x1B) at byte 12
                ERR syntax a request is UTF-8 text

                """)
    }

    @Test func aReplyIsAlwaysOneLineAndWhole() throws {
        let server = try ControlServer(path: path, group: nil)
        let client = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        server.reply("ERR unknown-score \"a\nOK forged\"\u{0}and the rest", to: server.descriptors[1])
        #expect(client.received() == "ERR unknown-score \"a\\nOK forged\"\\u{0}and the rest\n")
    }

    /// A reply held for the broker (a led match's change) whose client went away meanwhile:
    /// the next client at the same descriptor never gets it.
    @Test func aReplyForAClientGoneNeverReachesTheNextAtItsDescriptor() throws {
        let server = try ControlServer(path: path, group: nil)
        var first: Client? = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        let fd = server.descriptors[1]
        let serial = try #require(server.serial(of: fd))
        first = nil
        _ = server.service([fd], now: .zero)
        #expect(server.serial(of: fd) == nil)
        let next = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        #expect(server.descriptors[1] == fd)
        server.reply("OK home=3 away=5", to: fd, serial: serial)
        #expect(next.received() == "")
        server.reply("OK home=3 away=5", to: fd, serial: server.serial(of: fd))
        #expect(next.received() == "OK home=3 away=5\n")
        _ = first
    }

    @Test func aFloodIsAnsweredSixteenLinesAWake() throws {
        let server = try ControlServer(path: path, group: nil)
        let client = Client(path)
        _ = server.service(Set(server.descriptors), now: .zero)
        client.send(String(repeating: "score add home 1\n", count: 40))
        #expect(server.service(Set(server.descriptors), now: .zero).count == 16)
        #expect(server.hasWaitingLines)
        #expect(server.service([], now: .zero).count == 16)
        #expect(server.service([], now: .zero).count == 8)
        #expect(!server.hasWaitingLines)
    }

    /// One user (a runaway script) cannot take every place: 16 of the 64 stay for the others.
    @Test func oneUserHoldsAtMostFortyEightConnections() throws {
        let server = try ControlServer(path: path, group: nil)
        // Accepted one by one: the listen backlog is shorter than 49.
        let clients = (0..<49).map { _ in
            let client = Client(path)
            _ = server.service(Set(server.descriptors), now: .zero)
            return client
        }
        #expect(clients[47].received() == "")
        #expect(clients[48].received() == "ERR state too many clients of user \(getuid())\n")
    }

    /// A daemon too busy to accept (its backlog full) costs a client its timeout, not forever.
    @Test func aClientGivesUpOnAFullBacklogAtItsTimeout() throws {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un(path: path)!
        #expect(address.withSocketAddress(path: path) { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 0) == 0)
        let waiting = (0..<3).map { _ in
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            _ = address.withSocketAddress(path: path) { connect(fd, $0, $1) }
            return fd
        }
        defer { for fd in waiting { close(fd) } }
        #expect(throws: ControlClient.Failure.self) { try ControlClient.send("ping", to: path, timeout: .seconds(1)) }
        do {
            _ = try ControlClient.send("ping", to: path, timeout: .seconds(1))
        } catch {
            #expect(error.description == "cannot reach flipclockd at \(path): it took no connection within 1 s (busy)")
        }
    }

    @Test func theJournalGetsOneLinePerEventWhateverTheText() {
        let line = JournalLogHandler.line(level: .info, message: "message", metadata: ["text": "hi\n<0>sshd[1]: forged"])
        #expect(line == "<6>message text=hi\\n<0>sshd[1]: forged\n")
    }
}

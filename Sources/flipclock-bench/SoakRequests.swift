import FlipClockControl
import FlipClockDaemon
import FlipClockOutput
import FlipClockSystem
import FlipClockTestKit
import Glibc
import SystemPackage

/// Requests to the loop's control socket, sent as `flipclockctl` sends them but in steps the
/// simulated clock schedules: connect, send the line a millisecond later, read the reply and
/// hang up a millisecond after that.
///
/// The loop runs on the same thread and serves the socket between the steps; a client that
/// blocked for its reply (``ControlClient``) would wait for it forever.
final class SoakRequests {
    let path: String
    private(set) var sent = 0
    private(set) var answered = 0
    /// Replies that were not `OK…`, or requests that got none.
    private(set) var problems: [String] = []
    private var fd: Int32 = -1

    init(path: String) { self.path = path }

    /// Sends `line` at `instant` of the simulated clock.
    func schedule(_ line: String, at instant: Duration, on clock: SimulatedClock) {
        clock.at(instant, .run { self.connect() })
        clock.at(instant + .milliseconds(1), .run { self.send(line) })
        clock.at(instant + .milliseconds(2), .run { self.takeReply(to: line) })
    }

    private func connect() {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, var address = sockaddr_un(path: path), address.withSocketAddress(path: path, { Glibc.connect(fd, $0, $1) }) == 0 else {
            problems.append("cannot connect to \(path): \(Errno.current)")
            return
        }
    }

    private func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        if Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count { sent += 1 }
    }

    private func takeReply(to line: String) {
        defer {
            close(fd)
            fd = -1
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        let reply = n > 0 ? String(decoding: chunk[0..<n], as: UTF8.self) : ""
        if reply.hasPrefix("OK"), reply.hasSuffix("\n") {
            answered += 1
        } else {
            problems.append("\(line) -> \(n > 0 ? reply : "no reply")")
        }
    }
}

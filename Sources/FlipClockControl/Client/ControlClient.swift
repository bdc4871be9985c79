import FlipClockSystem
import Glibc
import SystemPackage

/// The client side of the control socket: one request line out, one reply line back.
public enum ControlClient {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `line` to the daemon at `socketPath` and returns its reply, read back.
    ///
    /// Throws if the daemon cannot be reached, does not answer within `timeout`, or answers
    /// with a line that is neither form's reply.
    public static func send(_ line: String, to socketPath: String, timeout: Duration = .seconds(10)) throws(Failure) -> ControlAnswer {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(Errno.current)") }
        defer { close(fd) }
        guard var address = sockaddr_un(path: socketPath) else { throw Failure(description: "\(socketPath): path too long for a socket") }
        // Set before connecting: a Unix socket's connect waits on a full backlog as long as
        // the send timeout allows (forever by default).
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        let connected = address.withSocketAddress(path: socketPath) { connect(fd, $0, $1) }
        guard connected == 0 else {
            let error = Errno.current
            if error == .resourceTemporarilyUnavailable {
                throw Failure(description: "cannot reach flipclockd at \(socketPath): it took no connection within \(seconds.tv_sec) s (busy)")
            }
            throw Failure(description: "cannot reach flipclockd at \(socketPath): \(error)")
        }
        let request = Array((line + "\n").utf8)
        guard Glibc.send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
            throw Failure(description: "cannot send to \(socketPath): \(Errno.current)")
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else {
                throw Failure(description: n == 0 ? "flipclockd closed the connection" : "no reply from flipclockd: \(Errno.current)")
            }
            reply += chunk[0..<n]
        }
        let text = String(decoding: reply[..<reply.firstIndex(of: UInt8(ascii: "\n"))!], as: UTF8.self)
        guard let answer = ControlAnswer(text) else { throw Failure(description: "flipclockd's reply is neither OK nor ERR: \(text)") }
        return answer
    }
}

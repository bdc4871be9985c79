import CLinux
import FlipClockCore
import Glibc

/// The control socket: a Unix stream socket speaking one request per line, one reply per line.
///
/// Non-blocking, driven by the daemon's loop: ``descriptors`` are polled with everything
/// else, ``service(_:now:)`` reads what arrived and returns the complete requests; the loop
/// answers each with ``reply(_:to:)``. A line longer than the limit is refused and the client
/// dropped; a client that sends nothing for ``idleTimeout`` is dropped; at most
/// ``maximumClients`` at once.
public final class ControlServer {
    public let path: String
    public static let idleTimeout: Duration = .seconds(10)
    public static let maximumClients = 64

    private let listener: Int32
    private var clients: [Int32: Client] = [:]

    struct Client {
        var buffer: [UInt8] = []
        var lastHeard: Duration
    }

    /// Listens at `path` (replacing a stale socket), mode 0660, owned by `group` if given.
    public init(path: String, group: String?) throws(ControlError) {
        unlink(path)
        guard var address = sockaddr_un(path: path) else { throw ControlError(.state, "\(path): path too long for a socket") }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlError(.state, "cannot create the control socket \(path): \(String(cString: strerror(errno)))") }
        let bound = address.withSocketAddress(path: path) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ControlError(.state, "cannot listen on \(path): \(reason)")
        }
        chmod(path, 0o660)
        // A service whose group is already `group` (the unit's `Group=`) has nothing to change,
        // and its system call filter refuses chown.
        if let group, let entry = getgrnam(group), entry.pointee.gr_gid != getegid() { chown(path, uid_t.max, entry.pointee.gr_gid) }
        listener = fd
        self.path = path
    }

    deinit {
        for fd in clients.keys { close(fd) }
        close(listener)
        unlink(path)
    }

    public var descriptors: [Int32] { [listener] + clients.keys.sorted() }

    /// When the next silent client must be dropped.
    public var nextDeadline: Duration? { clients.values.map { $0.lastHeard + Self.idleTimeout }.min() }

    /// Accepts, reads, and drops timed-out clients; returns complete request lines by client.
    public func service(_ readable: Set<Int32>, now: Duration) -> [(client: Int32, line: String)] {
        var requests: [(client: Int32, line: String)] = []
        if readable.contains(listener) {
            while true {
                let fd = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                if fd < 0 { break }
                if clients.count >= Self.maximumClients {
                    send(fd, ControlError(.state, "too many clients").description + "\n")
                    close(fd)
                    continue
                }
                clients[fd] = Client(lastHeard: now)
            }
        }
        for fd in readable where fd != listener {
            guard var client = clients[fd] else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &chunk, chunk.count)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                drop(fd)
                continue
            }
            guard n > 0 else { continue }
            client.buffer += chunk[0..<n]
            client.lastHeard = now
            while let newline = client.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: client.buffer[..<newline], as: UTF8.self).trimmingWhitespace
                client.buffer.removeSubrange(...newline)
                requests.append((fd, line))
            }
            if client.buffer.count > ControlRequest.maximumLength {
                send(fd, ControlError(.tooLong, "a request is at most \(ControlRequest.maximumLength) bytes").description + "\n")
                drop(fd)
                continue
            }
            clients[fd] = client
        }
        for (fd, client) in clients where now - client.lastHeard >= Self.idleTimeout { drop(fd) }
        return requests
    }

    /// Sends one reply line.
    public func reply(_ text: String, to client: Int32) {
        guard clients[client] != nil else { return }
        send(client, text + "\n")
    }

    private func send(_ fd: Int32, _ text: String) {
        // Replies are short; a client too slow to take one is dropped rather than waited for.
        let sent = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        if sent < 0, clients[fd] != nil { drop(fd) }
    }

    private func drop(_ fd: Int32) {
        clients[fd] = nil
        close(fd)
    }
}

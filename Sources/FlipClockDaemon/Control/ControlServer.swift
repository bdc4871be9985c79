import CLinux
import FlipClockControl
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// The control socket: a Unix stream socket speaking one request per line, one reply per line.
///
/// Non-blocking, driven by the daemon's loop: ``descriptors`` are polled with everything
/// else, ``service(_:now:)`` reads what arrived and returns the complete requests; the loop
/// answers each with ``reply(_:to:)``. Every bound is here, where the bytes enter:
/// - a line is at most ``ControlRequest/maximumLength`` bytes of UTF-8 text without control
///   characters (else an error reply; a longer one drops the client);
/// - a client must finish each line within ``lineTimeout`` of connecting or of its last line:
///   a byte now and then does not hold a place;
/// - at most ``maximumClients`` at once, ``clientsPerUser`` of one user (`SO_PEERCRED`);
/// - at most ``linesPerWake`` requests of one client per wake of the loop: the rest wait for
///   the next, so a flood of requests cannot starve the screen.
public final class ControlServer {
    public let path: String
    /// How long a client has to finish each line: 10 s in the daemon.
    public let lineTimeout: Duration
    public static let maximumClients = 64
    public static let clientsPerUser = 48
    public static let linesPerWake = 16

    /// What is not as configured, for the log.
    public let problem: String?
    private let listener: Int32
    /// The socket file this server made: the only file it removes.
    private let made: (device: UInt, inode: UInt)
    private var clients: [Int32: Client] = [:]
    /// The clients left with whole lines at the last wake's budget; every other client's
    /// buffer holds no whole line.
    private var pending: Set<Int32> = []
    /// When the listener is looked at again after the process ran out of descriptors
    /// (`EMFILE`, `ENFILE`): a listener polled meanwhile would wake the loop at once, forever.
    private var acceptAgainAt: Duration?
    /// How long a full descriptor table keeps new clients waiting before another try.
    static let acceptPause = Duration.seconds(1)
    /// What the loop should log, said once a run of descriptors short (``takeNotice()``).
    private var notice: String?
    private var short = false

    struct Client {
        var buffer: [UInt8] = []
        /// When the client connected or last finished a line: the next line is due within ``lineTimeout`` of it.
        var lineStarted: Duration
        var user: uid_t
        /// Which connection it is: a descriptor closed is the next client's, this number is not.
        var serial = 0
    }

    /// Connections accepted so far (each client's ``Client/serial``).
    private var accepted = 0

    /// Why the daemon must not start with this socket: what the user has to change.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Listens at `path`, mode 0660, owned by `group` if given; each client must finish a line
    /// within `lineTimeout` (a test's is short).
    ///
    /// A socket left at `path` by a daemon that is gone is replaced. A live daemon answering
    /// there, or a file that is not a socket, is a ``Refusal``: two daemons never share a
    /// socket, and nothing but a socket is removed. Anything else (no such folder, no
    /// permission) is a `ControlError`. A group that does not exist leaves the socket the
    /// daemon's own group, and ``problem`` says so.
    public init(path: String, group: String?, lineTimeout: Duration = .seconds(10)) throws {
        guard var address = sockaddr_un(path: path) else { throw ControlError(.state, "\(path): path too long for a socket") }
        let gid = group.flatMap { getgrnam($0)?.pointee.gr_gid }
        problem = group.flatMap {
            gid == nil ? "control.group: no group \"\($0)\" on this system; only the daemon's own user and group may use the socket" : nil
        }
        var found = stat()
        if lstat(path, &found) == 0 {
            guard found.st_mode & S_IFMT == S_IFSOCK else { throw Refusal(description: "\(path) exists and is not a socket; not replacing it") }
            if Self.answers(&address, path: path) {
                throw Refusal(description: "another flipclockd is listening on \(path)")
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlError(.state, "cannot create the control socket \(path): \(Errno.current)") }
        let bound = address.withSocketAddress(path: path) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = Errno.current
            close(fd)
            throw ControlError(.state, "cannot listen on \(path): \(code)")
        }
        chmod(path, 0o660)
        // A service whose group is already `group` (the unit's `Group=`) has nothing to change,
        // and its system call filter refuses chown.
        if let gid, gid != getegid() { chown(path, uid_t.max, gid) }
        var mine = stat()
        lstat(path, &mine)
        made = (UInt(mine.st_dev), UInt(mine.st_ino))
        listener = fd
        self.path = path
        self.lineTimeout = lineTimeout
    }

    /// Whether a server answers at `address` now.
    private static func answers(_ address: inout sockaddr_un, path: String) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return address.withSocketAddress(path: path) { connect(probe, $0, $1) } == 0
    }

    deinit {
        for fd in clients.keys { close(fd) }
        close(listener)
        var now = stat()
        if lstat(path, &now) == 0, UInt(now.st_dev) == made.device, UInt(now.st_ino) == made.inode { unlink(path) }
    }

    public var descriptors: [Int32] { (acceptAgainAt == nil ? [listener] : []) + clients.keys.sorted() }

    /// When the next slow client must be dropped, or new ones taken again.
    public var nextDeadline: Duration? { (clients.values.map { $0.lineStarted + lineTimeout } + [acceptAgainAt].compactMap { $0 }).min() }

    /// What happened that the log should say, once: taken, so it is said once.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// ``lineTimeout`` as a refusal says it: `10 s`, `300 ms`.
    private var timeoutText: String {
        let (seconds, attoseconds) = lineTimeout.components
        return attoseconds == 0 ? "\(seconds) s" : "\(Int(lineTimeout / .milliseconds(1))) ms"
    }

    /// Whether whole lines wait beyond this wake's budget: the loop wakes again at once.
    public var hasWaitingLines: Bool { !pending.isEmpty }

    /// Accepts, reads, and drops timed-out clients; returns complete request lines by client,
    /// at most ``linesPerWake`` of each, with the user who sent them. Only the clients with
    /// something new (readable) or left over (pending) are looked at.
    public func service(_ readable: Set<Int32>, now: Duration) -> [(client: Int32, user: uid_t, line: String)] {
        if let at = acceptAgainAt, now >= at { acceptAgainAt = nil }
        if readable.contains(listener) || (short && acceptAgainAt == nil) { accept(now: now) }
        var requests: [(client: Int32, user: uid_t, line: String)] = []
        let looked = pending.union(readable.filter { clients[$0] != nil })
        pending = []
        for fd in looked.sorted() {
            guard var client = clients[fd] else { continue }
            if readable.contains(fd), client.buffer.count <= ControlRequest.maximumLength {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &chunk, chunk.count)
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                    drop(fd)
                    continue
                }
                if n > 0 { client.buffer += chunk[0..<n] }
            }
            var taken = 0
            while taken < Self.linesPerWake, let newline = client.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = Array(client.buffer[..<newline])
                client.buffer.removeSubrange(...newline)
                client.lineStarted = now
                taken += 1
                switch Self.text(bytes) {
                case .success(let line): requests.append((fd, client.user, line))
                case .failure(let error): send(fd, error.description + "\n")
                }
            }
            let waiting = taken == Self.linesPerWake && client.buffer.contains(UInt8(ascii: "\n"))
            if !waiting, client.buffer.count > ControlRequest.maximumLength {
                send(fd, ControlError(.tooLong, "a request is at most \(ControlRequest.maximumLength) bytes").description + "\n")
                drop(fd)
                continue
            }
            guard clients[fd] != nil else { continue }
            clients[fd] = client
            if waiting { pending.insert(fd) }
        }
        for (fd, client) in clients where now - client.lineStarted >= lineTimeout {
            // Told why, so a client that was slow knows it was not refused for what it sent.
            send(fd, ControlError(.busy, "no whole request line within \(timeoutText); closing").description + "\n")
            drop(fd)
        }
        return requests
    }

    /// A request line's text: UTF-8 without control characters (a tab is a space; a carriage
    /// return before the newline is dropped), trimmed.
    public static func text(_ bytes: [UInt8]) -> Result<String, ControlError> {
        var bytes = bytes
        if bytes.last == 13 { bytes.removeLast() }
        if let at = bytes.firstIndex(where: { ($0 < 32 && $0 != 9) || $0 == 127 }) {
            let hex = String(bytes[at], radix: 16, uppercase: true)
            return .failure(ControlError(.syntax, "a request has a control character (0x\(hex.count == 1 ? "0" : "")\(hex)) at byte \(at + 1)"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ControlError(.syntax, "a request is UTF-8 text"))
        }
        return .success(text.trimmingWhitespace)
    }

    private func accept(now: Duration) {
        let wasShort = short
        short = false
        defer { if wasShort, !short { notice = "file descriptors free again: control clients are taken" } }
        while true {
            let fd = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            if fd < 0 {
                if errno == EMFILE || errno == ENFILE {
                    // Transient: a client or a file closes. New clients wait in the backlog meanwhile.
                    if !wasShort { notice = "out of file descriptors (\(Errno.current)): new control clients wait; trying again every second" }
                    short = true
                    acceptAgainAt = now + Self.acceptPause
                }
                return
            }
            let peer = flipclock_peer_uid(fd)
            let user = peer >= 0 ? uid_t(peer) : uid_t.max
            if clients.count >= Self.maximumClients {
                send(fd, ControlError(.state, "too many clients").description + "\n")
                close(fd)
                continue
            }
            if clients.values.count(where: { $0.user == user }) >= Self.clientsPerUser {
                send(fd, ControlError(.state, "too many clients of user \(user)").description + "\n")
                close(fd)
                continue
            }
            accepted += 1
            clients[fd] = Client(lineStarted: now, user: user, serial: accepted)
        }
    }

    /// Sends one reply line; control characters in it are escaped, so it stays one line.
    /// `serial` (``serial(of:)`` when the request came) sends it only to that connection: a
    /// reply held while its client went away never reaches another at the same descriptor.
    public func reply(_ text: String, to client: Int32, serial: Int? = nil) {
        guard let connected = clients[client], serial == nil || connected.serial == serial else { return }
        send(client, text.oneLine + "\n")
    }

    /// Which connection `client` is now; `nil` if none is open there.
    public func serial(of client: Int32) -> Int? { clients[client]?.serial }

    private func send(_ fd: Int32, _ text: String) {
        // Replies are short; a client too slow to take one is dropped rather than waited for.
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        if sent < bytes.count, clients[fd] != nil { drop(fd) }
    }

    private func drop(_ fd: Int32) {
        clients[fd] = nil
        pending.remove(fd)
        close(fd)
    }
}

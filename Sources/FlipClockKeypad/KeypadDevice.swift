import CEvdev
import FlipClockControl
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// Why the keypad could not be taken or read: which device, and the system's reason.
public struct KeypadError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var doing: String
    public var errno: Errno

    public var description: String { "\(path): \(doing): \(errno)" }
    /// The device was unplugged.
    public var isGone: Bool { errno == .operationNotSupportedByDevice || errno == .ioError }
}

/// An input device opened and grabbed (`EVIOCGRAB`): its keys reach no console and no other
/// reader while the daemon holds it. libevdev reads its events; `close()` lets it go.
public final class KeypadDevice {
    public let path: String
    /// The name the device gives itself (`N: Name=` in /proc/bus/input/devices).
    public let name: String
    public let descriptor: Int32
    private let device: OpaquePointer
    private var closed = false

    /// Opens and grabs `path`; a device another program has grabbed is `EBUSY`.
    public init(path: String) throws(KeypadError) {
        let fd: Int32
        do {
            fd = try valueOrErrno { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        } catch {
            throw KeypadError(path: path, doing: "open", errno: error)
        }
        var made: OpaquePointer?
        let status = libevdev_new_from_fd(fd, &made)
        guard status == 0, let made else {
            Glibc.close(fd)
            throw KeypadError(path: path, doing: "not an input device", errno: Errno(rawValue: -status))
        }
        let grabbed = libevdev_grab(made, LIBEVDEV_GRAB)
        guard grabbed == 0 else {
            libevdev_free(made)
            Glibc.close(fd)
            throw KeypadError(path: path, doing: "grab", errno: Errno(rawValue: -grabbed))
        }
        self.path = path
        descriptor = fd
        device = made
        name = libevdev_get_name(made).map { String(cString: $0) } ?? ""
    }

    deinit { assert(closed, "a keypad is let go with close()") }

    /// Up to `limit` events waiting, oldest first; an unplugged device throws (`isGone`).
    /// Events the kernel dropped (`SYN_DROPPED`) are not replayed: libevdev's catch-up states
    /// are not presses.
    public func read(limit: Int) throws(KeypadError) -> [KeypadEvent] {
        var events: [KeypadEvent] = []
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        for _ in 0..<limit {
            let status = libevdev_next_event(device, flags, &event)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue { events.append(KeypadEvent(type: event.type, code: event.code, value: event.value)) }
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
            case -EAGAIN where flags == LIBEVDEV_READ_FLAG_SYNC.rawValue:
                flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
            case -EAGAIN:
                return events
            default:
                throw KeypadError(path: path, doing: "read", errno: Errno(rawValue: -status))
            }
        }
        return events
    }

    /// Lets the device go: ungrabbed (if it is still there) and closed.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = libevdev_grab(device, LIBEVDEV_UNGRAB)
        libevdev_free(device)
        Glibc.close(descriptor)
    }

    /// The device node `wanted` names now: a path as written (a link is followed when opened),
    /// or the first `/dev/input/eventN` whose name contains the words; `nil` if there is none.
    public static func find(_ wanted: KeypadSettings.Device, in sys: String = "/sys/class/input") -> String? {
        switch wanted {
        case .path(let path):
            return access(path, F_OK) == 0 ? path : nil
        case .name(let words):
            let nodes = (try? entries(of: sys)) ?? []
            let events = nodes.filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }.sorted {
                Int($0.dropFirst(5))! < Int($1.dropFirst(5))!
            }
            for node in events.prefix(256) {
                guard let bytes = try? readFile("\(sys)/\(node)/device/name", limit: 1024) else { continue }
                if String(decoding: bytes, as: UTF8.self).contains(words) { return "/dev/input/\(node)" }
            }
            return nil
        }
    }

    /// The names in the folder `path`.
    private static func entries(of path: String) throws(Errno) -> [String] {
        guard let folder = opendir(path) else { throw Errno(rawValue: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

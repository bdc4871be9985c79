import CLinux
import FlipClockSystem
import Glibc
import SystemPackage

/// The console the clock is shown on, with switching under the daemon's control.
///
/// When the user switches to another virtual terminal the kernel sends ``releaseSignal``;
/// the daemon stops drawing, gives up the display and calls ``acknowledgeRelease()``. When
/// they come back it sends ``acquireSignal``; the daemon calls ``acknowledgeAcquire()``,
/// takes the display again and redraws everything. Signals of two kinds may be handled out
/// of the order they were sent, so ``shown()`` tells what is true now. The console is also
/// kept in graphics mode so its text and cursor do not draw over the clock. ``restore()``
/// undoes both.
///
/// The kernel lets a process switch a console it has as its controlling terminal (or one
/// with `CAP_SYS_TTY_CONFIG`). A service is a session of its own with none, so opening the
/// console makes it the controlling terminal; systemd need not hand it over (`TTYPath=`
/// with `StandardInput=tty` makes systemd reset and hang up the console again for every
/// command it runs for the unit, `ExecReload=` among them).
public final class VirtualTerminal {
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    public let path: String
    /// The console's number, as `chvt` takes it.
    public let number: Int32
    private let fd: Int32
    private var restored = false

    /// Takes over `path` (`/dev/tty1`); without one, the process's standard input if it is a
    /// virtual terminal (the clock started by hand on a console), else the active console.
    public init(path wanted: String?) throws(OutputError) {
        let path: String
        let fd: Int32
        if let wanted {
            path = wanted
            fd = try Self.open(path)
        } else if isatty(0) == 1, flipclock_vt_active(0) > 0, let name = ttyname(0) {
            path = String(cString: name)
            do {
                fd = try valueOrErrno { dup(0) }
            } catch {
                throw .cannotOpen(path: path, errno: error)
            }
        } else {
            let console = try Self.open("/dev/tty0")
            defer { Glibc.close(console) }
            // The active console's number; 0 is no console, which consoleNumber refuses below.
            let active = try systemCall("VT_GETSTATE", device: "/dev/tty0") { flipclock_vt_active(console) }
            path = "/dev/tty\(active)"
            fd = try Self.open(path)
        }
        guard let number = Self.consoleNumber(of: path) else {
            Glibc.close(fd)
            throw .notAConsole(path: path)
        }
        do {
            try valueOrErrno { flipclock_vt_set_process_mode(fd, 1, Int16(Self.releaseSignal), Int16(Self.acquireSignal)) }
        } catch {
            Glibc.close(fd)
            throw .consoleNotSwitchable(path: path, errno: error)
        }
        _ = flipclock_kd_set_graphics(fd, 1)
        self.path = path
        self.number = number
        self.fd = fd
    }

    deinit { assert(restored, "VirtualTerminal.restore() must run: it gives the console back") }

    /// The console's number in a path `/dev/ttyN`.
    public static func consoleNumber(of path: String) -> Int32? {
        guard path.hasPrefix("/dev/tty"), let n = Int32(path.dropFirst("/dev/tty".count)), n > 0 else { return nil }
        return n
    }

    /// Opens a console for its ioctls. Members of group `tty` may only write to a console,
    /// and the ioctls need no more. Without `O_NOCTTY`, so it becomes the session's controlling
    /// terminal if the session has none.
    private static func open(_ path: String) throws(OutputError) -> Int32 {
        do {
            return try openFile(path, O_RDWR)
        } catch let error where error.code == .permissionDenied {
            return try openFile(path, O_WRONLY)
        }
    }

    /// Whether this console is the one on the screen now; throws when the console cannot be
    /// asked (`EIO`: hung up under the daemon, a getty having come and gone on it).
    public func shown() throws(OutputError) -> Bool {
        try systemCall("VT_GETSTATE", device: path) { flipclock_vt_active(fd) } == number
    }

    /// Lets the switch away go ahead; call after the display is released. `false` when no
    /// switch was waiting (the user came back before the release was handled).
    @discardableResult
    public func acknowledgeRelease() -> Bool { flipclock_vt_release(fd) == 0 }

    /// Accepts the switch back; call before taking the display again.
    public func acknowledgeAcquire() { _ = flipclock_vt_acknowledge_acquire(fd) }

    /// Text mode and automatic switching again.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = flipclock_kd_set_graphics(fd, 0)
        _ = flipclock_vt_set_process_mode(fd, 0, 0, 0)
        Glibc.close(fd)
    }
}

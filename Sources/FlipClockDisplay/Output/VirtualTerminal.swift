import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// The console the clock is shown on, with switching under the daemon's control.
///
/// When the user switches to another virtual terminal the kernel sends ``releaseSignal``;
/// the daemon stops drawing, gives up the display and calls ``acknowledgeRelease()``. When
/// they come back it sends ``acquireSignal``; the daemon calls ``acknowledgeAcquire()``,
/// takes the display again and redraws everything. The console is also kept in graphics
/// mode so its text and cursor do not draw over the clock. ``restore()`` undoes both.
public final class VirtualTerminal {
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    public let path: String
    private let fd: Int32
    private var restored = false

    /// The service's own terminal if it is a virtual terminal (systemd's `TTYPath=`), else the
    /// active one; `nil` where there is none (a container, a serial console) or it may not be
    /// switched by this process.
    public init?() {
        if isatty(0) == 1, flipclock_vt_active(0) > 0, let name = ttyname(0) {
            let fd = dup(0)
            if fd >= 0, flipclock_vt_set_process_mode(fd, 1, Int16(Self.releaseSignal), Int16(Self.acquireSignal)) == 0 {
                _ = flipclock_kd_set_graphics(fd, 1)
                path = String(cString: name)
                self.fd = fd
                return
            }
            if fd >= 0 { Glibc.close(fd) }
        }
        let console = open("/dev/tty0", O_RDWR | O_CLOEXEC)
        guard console >= 0 else { return nil }
        let active = flipclock_vt_active(console)
        Glibc.close(console)
        guard active > 0 else { return nil }
        let path = "/dev/tty\(active)"
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flipclock_vt_set_process_mode(fd, 1, Int16(Self.releaseSignal), Int16(Self.acquireSignal)) == 0 else {
            Glibc.close(fd)
            return nil
        }
        _ = flipclock_kd_set_graphics(fd, 1)
        self.path = path
        self.fd = fd
    }

    deinit { assert(restored, "VirtualTerminal.restore() must run: it gives the console back") }

    /// Lets the switch away go ahead; call after the display is released.
    public func acknowledgeRelease() { _ = flipclock_vt_release(fd) }

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

import CLinux
import FlipClockCore
import FlipClockOutput
import Glibc
import Logging

/// Opens the output the configuration asks for.
///
/// `auto` takes DRM/KMS if a display is connected, else the framebuffer device, and says
/// which and why. Run by hand where there is no display, `auto` writes PNG frames instead; as
/// a service it waits for a display, since at boot the driver may load after the daemon
/// starts. A device that is missing, busy or refuses to be master is retried with backoff
/// (1, 2, 4 … 30 s, and at once when the kernel reports a new device); a configuration the
/// device cannot satisfy (no such connector or mode) is an error.
///
/// It runs on the loop's own thread: the kernel (6.1) lets only the thread that opened a DRM
/// device become its master again after a console switch.
public enum OutputSelection {
    /// The screens, or `nil` if a stop was asked while waiting for the device.
    ///
    /// `waitsForDisplay`: `auto` never settles for PNG frames (a service).
    /// While it waits, `notifier` tells systemd the service is up and waiting (`READY=1`, so
    /// `systemctl start` and a package's install do not hang on a machine with no display),
    /// and feeds the watchdog.
    public static func open(
        _ c: ClockConfiguration, waitsForDisplay: Bool, requests: LoopRequests, notifier: SystemdNotifier? = nil, logger: Logger
    ) throws(OutputError) -> OutputSet? {
        let rotation = c.screen(nil).rotation
        let size = PixelSize(width: c.imageWidth, height: c.imageHeight)
        let fbdev = c.device.flatMap { $0.hasPrefix("/dev/fb") ? $0 : nil } ?? "/dev/fb0"
        switch c.output {
        case .png:
            return OutputSet(try ImageFileOutput(directory: c.imageDirectory, size: size, rotation: rotation))
        case .drm:
            return try retrying("drm", requests: requests, notifier: notifier, logger: logger) { () throws(OutputError) in OutputSet(try drm(c)) }
        case .fbdev:
            return try retrying("fbdev", requests: requests, notifier: notifier, logger: logger) { () throws(OutputError) in
                OutputSet(try FBDevOutput(device: c.device ?? "/dev/fb0", rotation: rotation))
            }
        case .auto where waitsForDisplay:
            return try retrying("display", requests: requests, notifier: notifier, logger: logger) { () throws(OutputError) in
                try display(c, fbdev: fbdev, rotation: rotation, logger: logger)
            }
        case .auto:
            do {
                return try display(c, fbdev: fbdev, rotation: rotation, logger: logger)
            } catch let error where error.isTransient {
                let png = try ImageFileOutput(directory: c.imageDirectory, size: size, rotation: rotation)
                logger.notice("no display: writing PNG frames instead", metadata: ["display": "\(error)", "frames": "\(png.path)"])
                return OutputSet(png)
            }
        }
    }

    /// A DRM card with a connected display, else the framebuffer device.
    static func display(_ c: ClockConfiguration, fbdev: String, rotation: ScreenRotation, logger: Logger) throws(OutputError) -> OutputSet {
        do {
            return OutputSet(try drm(c))
        } catch let drm {
            if !drm.isTransient { throw drm }
            do {
                let fb = try FBDevOutput(device: fbdev, rotation: rotation)
                logger.notice("no DRM display, using the framebuffer", metadata: ["drm": "\(drm)"])
                return OutputSet(fb)
            } catch let fb {
                throw .unavailable([drm, fb])
            }
        }
    }

    /// The configured DRM card with a screen on each configured (or every) connected connector.
    static func drm(_ c: ClockConfiguration) throws(OutputError) -> DRMCard {
        try DRMCard(device: c.device, connectors: c.connectors, settings: { c.screen($0) })
    }

    /// Tries `open` until it works, waiting 1, 2, 4 … 30 s between tries, or less when the
    /// kernel reports a device; `nil` if a stop is asked meanwhile.
    static func retrying(
        _ kind: String, requests: LoopRequests, notifier: SystemdNotifier?, logger: Logger, _ open: () throws(OutputError) -> OutputSet
    ) throws(OutputError) -> OutputSet? {
        let devices = UeventSocket()
        defer { requests.wakeIfPending() }
        var delay = 1
        var said: OutputError?
        // Tries left, a quarter second apart, for a device the kernel just added: its node is
        // root's until udev gives it its group a moment later, which is no error to report.
        var settling = 0
        while true {
            do {
                return try open()
            } catch {
                if !error.isTransient { throw error }
                // Said once, and again when the reason changes.
                if settling > 0 {
                    settling -= 1
                } else if error != said {
                    logger.error("\(kind) output not available; retrying", metadata: ["error": "\(error)", "in_seconds": "\(delay)"])
                    notifier?.ready(status: "waiting for a display: \(error)")
                    said = error
                }
            }
            // Waited in steps no longer than the watchdog's: waiting is the work now.
            let pause: Duration = settling > 0 ? .milliseconds(250) : .seconds(delay)
            var waited = Duration.zero
            while waited < pause {
                notifier?.watchdog()
                let step = min(pause - waited, notifier?.watchdogInterval ?? pause)
                if requests.waitForStop(upTo: step, or: devices.map { [$0.descriptor] } ?? []) { return nil }
                if devices.map({ fdReadable($0.descriptor) }) == true { break }
                waited += step
            }
            if let devices, devices.take().contains(where: \.isDisplayDevice) {
                logger.info("a display device appeared")
                delay = 1
                settling = 8
            } else if settling == 0 {
                delay = min(delay * 2, 30)
            }
        }
    }

    /// Whether `fd` has something to read now.
    private static func fdReadable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }
}

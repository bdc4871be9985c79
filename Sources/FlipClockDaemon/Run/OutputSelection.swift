import FlipClockCore
import FlipClockDisplay
import Foundation
import Logging
import AsyncAlgorithms
import ServiceLifecycle

/// Opens the output the configuration asks for.
///
/// `auto` takes DRM/KMS if a display is connected, else the framebuffer device, else PNG
/// frames, and says which and why. An explicit `drm` or `fbdev` whose device is missing or
/// busy is retried with backoff (the display may come later, or another program may let
/// go of it); a configuration the device cannot satisfy (no such connector or mode) is an error.
public enum OutputSelection {
    /// The screens, or `nil` if the daemon was shut down while waiting for the device.
    public static func open(_ c: ClockConfiguration, logger: Logger) async throws -> DisplaySet? {
        let rotation = c.screen(nil).rotation
        let size = PixelSize(width: c.imageWidth, height: c.imageHeight)
        switch c.output {
        case .png:
            return DisplaySet(try ImageFileOutput(directory: c.imageDirectory, size: size, rotation: rotation))
        case .drm:
            return try await retrying("drm", logger: logger) { () throws(DisplayError) in DisplaySet(try drm(c)) }
        case .fbdev:
            return try await retrying("fbdev", logger: logger) { () throws(DisplayError) in
                DisplaySet(try FBDevOutput(device: c.device ?? "/dev/fb0", rotation: rotation))
            }
        case .auto:
            do {
                return DisplaySet(try drm(c))
            } catch let drm {
                if !drm.isTransient { throw drm }
                do {
                    let fb = try FBDevOutput(device: c.device.flatMap { $0.hasPrefix("/dev/fb") ? $0 : nil } ?? "/dev/fb0", rotation: rotation)
                    logger.notice("no DRM display, using the framebuffer", metadata: ["drm": "\(drm)"])
                    return DisplaySet(fb)
                } catch let fbdev {
                    let png = try ImageFileOutput(directory: c.imageDirectory, size: size, rotation: rotation)
                    logger.notice(
                        "no display: writing PNG frames instead",
                        metadata: ["drm": "\(drm)", "fbdev": "\(fbdev)", "frames": "\(png.path)"]
                    )
                    return DisplaySet(png)
                }
            }
        }
    }

    /// The configured DRM card with a screen on each configured (or every) connected connector.
    static func drm(_ c: ClockConfiguration) throws(DisplayError) -> DRMCard {
        try DRMCard(device: c.device, connectors: c.connectors, settings: { c.screen($0) })
    }

    /// Tries `open` until it works, waiting 1, 2, 4 … 30 s between tries; shut down while
    /// waiting, gives `nil`.
    static func retrying(_ kind: String, logger: Logger, _ open: () throws(DisplayError) -> DisplaySet) async throws(DisplayError) -> DisplaySet? {
        var delay = 1
        while true {
            do {
                return try open()
            } catch {
                if !error.isTransient { throw error }
                logger.error("\(kind) output not available; retrying", metadata: ["error": "\(error)", "in_seconds": "\(delay)"])
            }
            var waited = false
            for await _ in AsyncTimerSequence(interval: .seconds(delay), clock: .continuous).cancelOnGracefulShutdown() {
                waited = true
                break
            }
            if !waited || Task.isCancelled { return nil }
            delay = min(delay * 2, 30)
        }
    }
}

import FlipClockCore
import FlipClockOutput
import Foundation
import SystemPackage
import Testing

/// A missing device is a clear error naming it; these run without any display.
@Suite struct OutputErrorTests {
    @Test func aMissingDRMDeviceNamesThePathAndTheErrno() {
        #expect(throws: OutputError.cannotOpen(path: "/nonexistent/card9", errno: .noSuchFileOrDirectory)) {
            try DRMCard(device: "/nonexistent/card9", connectors: [], settings: { _ in ScreenSettings() })
        }
        #expect(
            OutputError.cannotOpen(path: "/nonexistent/card9", errno: .noSuchFileOrDirectory).description
                == "cannot open /nonexistent/card9: No such file or directory")
    }

    @Test func aMissingFramebufferNamesThePathAndTheErrno() {
        #expect(throws: OutputError.cannotOpen(path: "/nonexistent/fb7", errno: .noSuchFileOrDirectory)) {
            try FBDevOutput(device: "/nonexistent/fb7")
        }
    }

    @Test func aDeviceThatIsNotADisplayIsAClearError() {
        // /dev/null opens but answers no DRM ioctl.
        #expect(throws: OutputError.self) { try DRMCard(device: "/dev/null", connectors: [], settings: { _ in ScreenSettings() }) }
        #expect(throws: OutputError.call(function: "FBIOGET_VSCREENINFO", device: "/dev/null", errno: .inappropriateIOCTLForDevice)) {
            try FBDevOutput(device: "/dev/null")
        }
    }

    @Test func errorsSayWhatWasFound() {
        #expect(
            OutputError.noConnectedDisplay(found: ["/dev/dri/card0: Virtual-1 (disconnected)"]).description
                == "no DRM device with a connected display; found: /dev/dri/card0: Virtual-1 (disconnected)")
        #expect(
            OutputError.noMode(device: "/dev/dri/card0", connector: "HDMI-A-1", wanted: "640x480", available: ["1920x1080@60", "1280x720@60"])
                .description
                == "/dev/dri/card0 HDMI-A-1: no mode 640x480; modes: 1920x1080@60, 1280x720@60")
        #expect(
            OutputError.noConnector(device: "/dev/dri/card1", wanted: "HDMI-A-2", found: ["HDMI-A-1 (connected)"]).description
                == "/dev/dri/card1: no connected connector HDMI-A-2; connectors: HDMI-A-1 (connected)")
        #expect(!OutputError.noMode(device: "d", connector: "c", wanted: "w", available: []).isTransient)
        #expect(OutputError.cannotOpen(path: "d", errno: .resourceBusy).isTransient)
    }

    /// `auto`'s error where neither a DRM card nor the framebuffer could be used.
    @Test func theErrorSaysWhyEachDisplayCouldNotBeUsed() {
        let error = OutputError.unavailable([
            .cannotOpen(path: "/dev/dri/card0", errno: .noSuchFileOrDirectory),
            .cannotOpen(path: "/dev/fb0", errno: .permissionDenied),
        ])
        #expect(error.description == "cannot open /dev/dri/card0: No such file or directory; cannot open /dev/fb0: Permission denied")
        #expect(error.isTransient)
    }

    @Test func theImageOutputReplacesCurrentPNG() throws {
        let dir = NSTemporaryDirectory() + "flipclock-image-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try ImageFileOutput(directory: dir, size: PixelSize(width: 32, height: 16))
        let canvas = Canvas(width: 32, height: 16, fill: 0xFF10_2030)
        try output.present(canvas, damage: [canvas.bounds])
        #expect(try PNGFile.read(output.path) == canvas)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["current.png"])
    }
}

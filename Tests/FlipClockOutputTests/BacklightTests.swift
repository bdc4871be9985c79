import FlipClockOutput
import Foundation
import SystemPackage
import Testing

/// The backlight through a sysfs-like folder: dimmed as a share of what it was, put back.
@Suite struct BacklightTests {
    /// A folder like `/sys/class/backlight` with one device at `brightness` of `maximum`.
    func folder(brightness: Int, maximum: Int) throws -> (root: String, device: String) {
        let root = NSTemporaryDirectory() + "flipclock-backlight-\(UUID().uuidString)"
        let device = root + "/panel"
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try "\(maximum)\n".write(toFile: device + "/max_brightness", atomically: true, encoding: .utf8)
        try "\(brightness)\n".write(toFile: device + "/brightness", atomically: true, encoding: .utf8)
        return (root, device)
    }

    func brightness(_ device: String) throws -> String {
        try String(contentsOfFile: device + "/brightness", encoding: .utf8)
    }

    @Test func dimsAShareOfWhatItFoundAndPutsItBack() throws {
        let (root, device) = try folder(brightness: 200, maximum: 255)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let light = try #require(try Backlight.named("auto", in: root))
        #expect(light.folder == device && light.original == 200 && light.maximum == 255)
        try light.set(0.2)
        #expect(try brightness(device) == "40\n")
        try light.set(0.001)
        #expect(try brightness(device) == "1\n")  // dim, never dark
        try light.set(0)
        #expect(try brightness(device) == "0\n")
        light.restore()
        #expect(try brightness(device) == "200\n")
    }

    @Test func noneIsNoBacklightAndAMissingOneSaysWhere() throws {
        #expect(try Backlight.named("none") == nil)
        #expect(try Backlight.named("auto", in: "/nonexistent") == nil)
        #expect(throws: OutputError.cannotOpen(path: "/nonexistent/panel/max_brightness", errno: .noSuchFileOrDirectory)) {
            try Backlight.named("/nonexistent/panel")
        }
    }
}

import FlipClockSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// A panel's backlight through sysfs (`/sys/class/backlight/NAME`): dimmed with the night
/// schedule, and put back as it was found when the daemon stops.
public final class Backlight {
    public let folder: String
    public let maximum: Int
    /// The brightness found at start, restored by ``restore()``.
    public let original: Int

    /// The backlight a setting names: `auto` (the first in `/sys/class/backlight`, if any),
    /// `none`, or a device's folder. Throws when a named device cannot be read.
    public static func named(_ setting: String, in root: String = "/sys/class/backlight") throws(OutputError) -> Backlight? {
        switch setting {
        case "none": return nil
        case "auto":
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
            return names.lazy.compactMap { try? Backlight(folder: "\(root)/\($0)") }.first
        default: return try Backlight(folder: setting)
        }
    }

    public init(folder: String) throws(OutputError) {
        func read(_ file: String) throws(OutputError) -> Int {
            let path = "\(folder)/\(file)"
            let text = try Self.contents(of: path).filter { !$0.isWhitespace }
            guard let value = Int(text) else { throw .notANumber(path: path, text: String(text.prefix(20))) }
            return value
        }
        self.folder = folder
        maximum = try read("max_brightness")
        original = try read("brightness")
    }

    /// Sets `level` (0…1) of the brightness found at start; above 0, never fully dark.
    public func set(_ level: Double) throws(OutputError) {
        try write(level <= 0 ? 0 : max(1, Int((Double(original) * min(level, 1)).rounded())))
    }

    public func restore() {
        try? write(original)
    }

    private func write(_ value: Int) throws(OutputError) {
        let path = "\(folder)/brightness"
        // As `echo N > brightness` opens it: truncated, so a plain file (a test's) holds just the number.
        let fd = try openFile(path, O_WRONLY | O_TRUNC)
        defer { close(fd) }
        let text = Array("\(value)\n".utf8)
        // A sysfs attribute takes a write whole or fails it.
        try systemCall("write", device: path) { Glibc.write(fd, text, text.count) }
    }

    /// The text of a sysfs attribute (a page at most).
    private static func contents(of path: String) throws(OutputError) -> String {
        let fd = try openFile(path, O_RDONLY)
        defer { close(fd) }
        do {
            // Longer than a page: not a sysfs attribute, nor a number.
            return String(decoding: try readAll(fd, limit: 4096) ?? [], as: UTF8.self)
        } catch {
            throw .call(function: "read", device: path, errno: error)
        }
    }
}

import FoundationEssentials
import Glibc

/// A panel's backlight through sysfs (`/sys/class/backlight/NAME`): dimmed with the night
/// schedule, and put back as it was found when the daemon stops.
public final class Backlight {
    public let folder: String
    public let maximum: Int
    /// The brightness found at start, restored by ``restore()``.
    public let original: Int

    /// The backlight a setting names: `auto` (the first in `/sys/class/backlight`, if any),
    /// `none`, or a device's folder. Throws when a named device cannot be read.
    public static func named(_ setting: String, in root: String = "/sys/class/backlight") throws(DisplayError) -> Backlight? {
        switch setting {
        case "none": return nil
        case "auto":
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
            return names.lazy.compactMap { try? Backlight(folder: "\(root)/\($0)") }.first
        default: return try Backlight(folder: setting)
        }
    }

    public init(folder: String) throws(DisplayError) {
        func read(_ file: String) throws(DisplayError) -> Int {
            let path = "\(folder)/\(file)"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .cannotOpen(path: path, reason: errnoText()) }
            guard let value = Int(text.filter { !$0.isWhitespace }) else {
                throw .cannotOpen(path: path, reason: "not a number: \(text.prefix(20))")
            }
            return value
        }
        self.folder = folder
        maximum = try read("max_brightness")
        original = try read("brightness")
    }

    /// Sets `level` (0…1) of the brightness found at start; above 0, never fully dark.
    public func set(_ level: Double) throws(DisplayError) {
        try write(level <= 0 ? 0 : max(1, Int((Double(original) * min(level, 1)).rounded())))
    }

    public func restore() {
        try? write(original)
    }

    private func write(_ value: Int) throws(DisplayError) {
        let path = "\(folder)/brightness"
        // As `echo N > brightness` opens it: truncated, so a plain file (a test's) holds just the number.
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: errnoText()) }
        defer { close(fd) }
        let text = Array("\(value)\n".utf8)
        guard Glibc.write(fd, text, text.count) == text.count else { throw .call(function: "write", device: path, reason: errnoText()) }
    }
}

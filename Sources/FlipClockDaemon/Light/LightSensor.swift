import FlipClockSystem
import Glibc
import SystemPackage

/// An ambient light sensor through the kernel's IIO interface: the lux of a device's
/// `in_illuminance_input` (or `in_illuminance0_input`: tsl2563, veml6030), or its
/// `in_illuminance_raw` × `in_illuminance_scale`, plus `_offset` before scaling where there
/// is one (bh1750). `auto` looks for the first `iio:device*` with one of them each time
/// none is known, so a sensor plugged in later is found.
struct LightSensor {
    /// `auto`, or a device's folder.
    let setting: String
    /// Where IIO devices are listed (a test's tree instead of `/sys/bus/iio/devices`).
    let devices: String
    /// The device read last.
    private(set) var folder: String?

    init(setting: String, devices: String = "/sys/bus/iio/devices") {
        self.setting = setting
        self.devices = devices
        folder = setting == "auto" ? nil : setting
    }

    /// The lux now, or why there is none (the path and the errno's text, or what was wrong).
    mutating func read() -> Result<Double, LightProblem> {
        if setting == "auto" && folder == nil {
            guard let found = Self.find(in: devices) else {
                return .failure(LightProblem("no IIO device in \(devices) has in_illuminance_input or in_illuminance_raw"))
            }
            folder = found
        }
        let result = Self.lux(in: folder!)
        // A device that stops answering may be another one next time (unplugged, renumbered).
        if case .failure = result, setting == "auto" { folder = nil }
        return result
    }

    static let prefixes = ["in_illuminance", "in_illuminance0"]

    /// The first `iio:device*` under `devices` (by number) with an illuminance channel.
    static func find(in devices: String) -> String? {
        guard let dir = opendir(devices) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir), names.count < 256 {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("iio:device") { names.append(name) }
        }
        let sorted = names.sorted { (Int($0.dropFirst(10)) ?? Int.max, $0) < (Int($1.dropFirst(10)) ?? Int.max, $1) }
        return sorted.map { "\(devices)/\($0)" }.first { folder in
            prefixes.contains { exists("\(folder)/\($0)_input") || exists("\(folder)/\($0)_raw") }
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The lux a device's folder says.
    static func lux(in folder: String) -> Result<Double, LightProblem> {
        do throws(LightProblem) {
            for prefix in prefixes {
                if exists("\(folder)/\(prefix)_input") { return .success(max(0, try number("\(folder)/\(prefix)_input"))) }
                if exists("\(folder)/\(prefix)_raw") {
                    let raw = try number("\(folder)/\(prefix)_raw")
                    let scale = exists("\(folder)/\(prefix)_scale") ? try number("\(folder)/\(prefix)_scale") : 1
                    let offset = exists("\(folder)/\(prefix)_offset") ? try number("\(folder)/\(prefix)_offset") : 0
                    let lux = (raw + offset) * scale
                    guard lux.isFinite else { throw LightProblem("\(folder): \(raw) + \(offset) × \(scale) is not a number of lux") }
                    return .success(max(0, lux))
                }
            }
            // Neither is there: why the folder, or else its raw counts, cannot be read.
            let path = exists(folder) ? "\(folder)/in_illuminance_raw" : folder
            let code = access(path, F_OK) == 0 ? Errno.noSuchFileOrDirectory : Errno.current
            throw LightProblem("\(path): \(code)")
        } catch {
            return .failure(error)
        }
    }

    /// A number a sysfs attribute holds (at most 64 bytes).
    static func number(_ path: String) throws(LightProblem) -> Double {
        let bytes: [UInt8]?
        do { bytes = try readFile(path, limit: 64) } catch { throw LightProblem("\(path): \(error)") }
        let text = String(decoding: bytes ?? [], as: UTF8.self).filter { !$0.isWhitespace }
        guard bytes != nil, let value = Double(text), value.isFinite, text.utf8.count <= 32 else {
            throw LightProblem("\(path): \"\(text.prefix(20))\" is not a number")
        }
        return value
    }
}

/// Why the light sensor gave no lux: said once in the log, and in `status`.
struct LightProblem: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = "light sensor " + description }
}

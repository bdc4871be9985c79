import FlipClockCore
import FlipClockSystem
import FoundationEssentials
import Glibc

/// The system's time zone database: a TZif file a zone under `/usr/share/zoneinfo` (Debian's
/// tzdata), or under `$TZDIR` as glibc reads it, so the clock agrees with `date` and updates
/// with the `tzdata` package.
public struct ZoneInfo: Sendable {
    public var folder: String

    public init(folder: String) { self.folder = folder }

    /// The database `environment` names (`TZDIR`), else the system's.
    public init(environment: [String: String]) {
        self.init(folder: environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo")
    }

    /// The database of this process's environment.
    public static var system: ZoneInfo { ZoneInfo(environment: ProcessInfo.processInfo.environment) }

    /// The rules of the zone `identifier` names (`Europe/Berlin`); `nil` if it is no zone's
    /// name or the database has no TZif file by that name.
    public func rules(named identifier: String) -> ZoneRules? {
        guard Self.isZoneName(identifier), let bytes = Self.contents(of: folder + "/" + identifier) else { return nil }
        return try? ZoneRules(identifier: identifier, tzif: bytes)
    }

    /// Whether `identifier` can only name a file inside the database: relative, no empty,
    /// `.` or `..` part, and only the characters zone names use.
    static func isZoneName(_ identifier: String) -> Bool {
        identifier.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.utf8.allSatisfy(nameCharacters.contains)
        }
    }

    private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-.".utf8)

    /// The bytes of the regular file at `path` (links followed); `nil` if it cannot be read or
    /// is larger than any zone's file can be (1 MiB).
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 1 << 20 else { return nil }
        return (try? readAll(fd, limit: 1 << 20)) ?? nil
    }
}

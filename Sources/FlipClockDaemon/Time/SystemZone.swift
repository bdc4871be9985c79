import FlipClockCore
import FoundationEssentials
import Glibc

/// The system's time zone as it is now: `$TZ`, else `/etc/localtime` (named by the zone its
/// link points to, or by `/etc/timezone`), else the zone `/etc/timezone` names, else UTC.
///
/// Read from the files each time, so a zone changed while the daemon runs
/// (`timedatectl set-timezone`) shows at once.
public enum SystemZone {
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment, root: String = "") -> ZoneRules {
        let database = ZoneInfo(environment: environment)
        if let value = environment["TZ"], let zone = zone(tz: value, in: database) { return zone }
        let debianName = ZoneInfo.contents(of: root + "/etc/timezone").flatMap {
            String(decoding: $0, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
        let localtime = root + "/etc/localtime"
        if let bytes = ZoneInfo.contents(of: localtime),
            let zone = try? ZoneRules(identifier: linkedName(localtime) ?? debianName ?? "localtime", tzif: bytes)
        {
            return zone
        }
        return debianName.flatMap(database.rules(named:)) ?? .utc
    }

    /// The files whose change means the zone may have changed, in `/etc`.
    static let files: Set<String> = ["localtime", "timezone"]

    /// The zone `$TZ` names as glibc reads it: a file (`:Europe/Berlin`, `/etc/localtime`), or
    /// a TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`); `nil` for an empty or unknown one.
    static func zone(tz value: String, in database: ZoneInfo) -> ZoneRules? {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.hasPrefix("/") {
            return ZoneInfo.contents(of: name).flatMap { try? ZoneRules(identifier: zoneName(in: name) ?? name, tzif: $0) }
        }
        if let zone = database.rules(named: name) { return zone }
        return value.hasPrefix(":") ? nil : TZString(name).map { ZoneRules(identifier: name, rule: $0) }
    }

    /// The zone name in a path into a zone database (`Asia/Tokyo` of `/usr/share/zoneinfo/Asia/Tokyo`).
    static func zoneName(in path: String) -> String? {
        path.firstRange(of: "zoneinfo/").map { String(path[$0.upperBound...]) }
    }

    /// The zone name of the database file the link at `path` points to.
    private static func linkedName(_ path: String) -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX))
        let length = readlink(path, &target, target.count)
        guard length > 0 else { return nil }
        return zoneName(in: String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

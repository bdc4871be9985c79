import Foundation

/// The system's time zone as it is now: `$TZ`, else the zone `/etc/localtime` links to, else
/// `/etc/timezone` (Debian's name for it), else UTC.
///
/// Read from the files each time, not from Foundation's cached `TimeZone.current`, so a zone
/// changed while the daemon runs (`timedatectl set-timezone`) shows at once.
public enum SystemZone {
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment, root: String = "") -> TimeZone {
        if let name = environment["TZ"]?.trimmingPrefix(":"), let zone = TimeZone(identifier: String(name)) { return zone }
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/etc/localtime"),
            let range = link.range(of: "zoneinfo/"), let zone = TimeZone(identifier: String(link[range.upperBound...]))
        {
            return zone
        }
        if let name = try? String(contentsOfFile: root + "/etc/timezone", encoding: .utf8),
            let zone = TimeZone(identifier: name.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return zone
        }
        return TimeZone(identifier: "UTC")!
    }

    /// The files whose change means the zone may have changed, in `/etc`.
    static let files: Set<String> = ["localtime", "timezone"]
}

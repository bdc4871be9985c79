import FlipClockDaemon
import Foundation
import Testing

@testable import FlipClockCore

/// Every zone of the system's tzdata against glibc's own `localtime_r`, 1970 to 2037.
///
/// glibc runs in a child process (python3's `time.localtime` is `localtime_r` after `setenv
/// TZ` and `tzset`), so changing `TZ` races nothing in this process and leaks into no other
/// test's child.
@Suite struct ZoneOracleTests {
    /// 1970-01-01 to 2038-01-01.
    static let years = 0..<2_145_916_800

    /// Given per line a `TZ` value and instants, prints per line the runs of glibc's (offset,
    /// daylight saving, abbreviation) over them, then the instants where glibc's local time
    /// type changes between two given ones, found by bisection.
    static let glibc = #"""
        import os, sys, time
        def local(t):
            tm = time.localtime(t)
            return "%d,%d,%s" % (tm.tm_gmtoff, tm.tm_isdst, tm.tm_zone)
        with open(sys.argv[1]) as given, open(sys.argv[2], "w") as out:
            for line in given:
                zone, *instants = line.split()
                os.environ["TZ"] = zone
                time.tzset()
                runs, changes, last, before = [], [], None, None
                for t in map(int, instants):
                    value = local(t)
                    if value != last:
                        runs.append([0, value])
                        if last is not None:
                            low, high = before, t
                            while high - low > 1:
                                middle = (low + high) // 2
                                if local(middle) == last: low = middle
                                else: high = middle
                            changes.append(str(high))
                        last = value
                    runs[-1][0] += 1
                    before = t
                out.write(" ".join("%d:%s" % (n, v) for n, v in runs) + "|" + " ".join(changes) + "\n")
        """#

    /// The TZif files of the database (links to files too, not the `posix/` links to folders).
    static func zoneFiles(in folder: String, under prefix: String = "") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + prefix)) ?? []
        return names.sorted().flatMap { name -> [String] in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var status = stat(), followed = stat()
            guard lstat(folder + "/" + relative, &status) == 0, stat(folder + "/" + relative, &followed) == 0 else { return [] }
            if status.st_mode & S_IFMT == S_IFDIR { return zoneFiles(in: folder, under: relative) }
            guard followed.st_mode & S_IFMT == S_IFREG, let file = FileHandle(forReadingAtPath: folder + "/" + relative) else { return [] }
            defer { try? file.close() }
            return file.readData(ofLength: 4) == Data("TZif".utf8) ? [relative] : []
        }
    }

    // glibc's localtime is run by python3 (scripts/install-deps --test): without it the test
    // fails rather than skips, as an oracle that is not there proves nothing.
    @Test
    func everyZoneAgreesWithGlibcAtEveryTransitionFrom1970To2037() throws {
        let database = ZoneInfo.system
        let names = Self.zoneFiles(in: database.folder)
        #expect(names.count > 450, "tzdata has some 600 zones; Debian 13's 487, its old names moved to tzdata-legacy")
        // A zone's instants: each transition and a second either side, and the 1st and 16th of every month at noon.
        var samples: [Int] = []
        for day in stride(from: 0, to: Self.years.upperBound / 86400, by: 1) {
            let d = CalendarDay(daysSinceEpoch: day)
            if d.day == 1 || d.day == 16 { samples.append(day * 86400 + 43200) }
        }
        // Each file as `TZ=:Zone/Name`, and each footer's TZ string alone as `TZ=string`, so the
        // rules for the years after a file's last transition are checked too (Debian's
        // files list transitions up to 2037, a slim file would leave them to the footer).
        var zones: [(tz: String, rules: ZoneRules)] = []
        var footers: Set<String> = []
        for name in names {
            zones.append((":" + name, try #require(database.rules(named: name), "\(name) is a TZif file")))
            let footer = String(decoding: try #require(FileManager.default.contents(atPath: database.folder + "/" + name)), as: UTF8.self).split(
                separator: "\n"
            ).last.map(String.init)
            if let footer, let rule = TZString(footer), footers.insert(footer).inserted {
                zones.append((footer, ZoneRules(identifier: footer, rule: rule)))
            }
        }
        var instants: [[Int]] = []
        var lines = ""
        for zone in zones {
            let near = zone.rules.changes(in: Self.years).flatMap { [$0 - 1, $0, $0 + 1] }
            // An instant twice (a sample on a change) is compared twice: harmless.
            let all = (samples + near.filter(Self.years.contains)).sorted()
            instants.append(all)
            lines += zone.tz + " " + all.map(String.init).joined(separator: " ") + "\n"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-oracle-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try lines.write(toFile: folder + "/instants", atomically: false, encoding: .utf8)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", Self.glibc, folder + "/instants", folder + "/glibc"]
        python.environment = ProcessInfo.processInfo.environment.merging(["TZDIR": database.folder]) { _, new in new }
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
        let answers = try String(contentsOfFile: folder + "/glibc", encoding: .utf8).split(separator: "\n")
        try #require(answers.count == zones.count)

        var compared = 0, mismatches: [String] = []
        for (index, (_, zone)) in zones.enumerated() {
            let parts = answers[index].split(separator: "|", omittingEmptySubsequences: false)
            var instant = instants[index].makeIterator()
            for run in parts[0].split(separator: " ") {
                let count = Int(run.prefix { $0 != ":" })!
                let glibc = run.drop { $0 != ":" }.dropFirst()
                for _ in 0..<count {
                    let t = instant.next()!
                    let ours = zone.localTimeType(at: WallInstant(unixSeconds: t))
                    compared += 1
                    if "\(ours.offset),\(ours.isDaylightSaving ? 1 : 0),\(ours.abbreviation)" != glibc, mismatches.count < 20 {
                        mismatches.append("\(zone.identifier) at \(t): ours \(ours), glibc \(glibc)")
                    }
                }
            }
            // Where glibc changes between two instants, ours changes at the same second.
            for change in parts[1].split(separator: " ").map({ Int($0)! })
            where zone.localTimeType(at: WallInstant(unixSeconds: change - 1)) == zone.localTimeType(at: WallInstant(unixSeconds: change)) {
                if mismatches.count < 20 { mismatches.append("\(zone.identifier): glibc changes at \(change), ours does not") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        print("zone oracle: \(names.count) zone files and \(footers.count) TZ strings, \(compared) instants compared with glibc's localtime_r")
    }
}

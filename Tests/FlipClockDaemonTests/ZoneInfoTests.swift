import FlipClockCore
import Foundation
import Testing

@testable import FlipClockDaemon

@Suite struct ZoneInfoTests {
    @Test(arguments: [
        "", "/etc/localtime", "../zoneinfo/UTC", "Europe/../Europe/Berlin", "Europe//Berlin", "Europe/Berlin/", "./UTC", "Europe/Berlin\n",
        "Europe/Bérlin",
    ])
    func aNameThatCouldLeaveTheDatabaseIsNoZone(_ name: String) {
        #expect(!ZoneInfo.isZoneName(name))
        #expect(ZoneInfo.system.rules(named: name) == nil)
    }

    @Test func onlyTZifFilesAreZones() throws {
        #expect(ZoneInfo.isZoneName("America/Argentina/Buenos_Aires") && ZoneInfo.isZoneName("Etc/GMT+5") && ZoneInfo.isZoneName("zone.tab"))
        #expect(ZoneInfo.system.rules(named: "America/Argentina/Buenos_Aires")?.identifier == "America/Argentina/Buenos_Aires")
        #expect(ZoneInfo.system.rules(named: "zone.tab") == nil)
        #expect(ZoneInfo.system.rules(named: "Europe") == nil)
        #expect(ZoneInfo.system.rules(named: "Mars/Base") == nil)
    }

    @Test func tzdirNamesAnotherDatabaseForTheFileAndTheDaemon() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder + "/Test", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: folder + "/Test/Zone")
        let environment = ["TZDIR": folder]
        #expect(ZoneInfo(environment: environment).rules(named: "Test/Zone")?.offset(at: WallInstant(unixSeconds: 0)) == 19800)
        #expect(ZoneInfo(environment: environment).rules(named: "Asia/Kolkata") == nil)
        #expect(try ConfigFile.parse("[clock]\ntime_zone = \"Test/Zone\"\n", path: "f.toml", environment: environment).timeZone == "Test/Zone")
        #expect(SystemZone.current(environment: ["TZDIR": folder, "TZ": ":Test/Zone"], root: folder).identifier == "Test/Zone")
    }

    @Test func tzMayNameAFileByItsPathOrBeATZString() throws {
        let byPath = SystemZone.current(environment: ["TZ": ":/usr/share/zoneinfo/Asia/Tokyo"], root: "/nonexistent")
        #expect(byPath.identifier == "Asia/Tokyo" && byPath.offset(at: WallInstant(unixSeconds: 0)) == 9 * 3600)
        let rule = SystemZone.current(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"], root: "/nonexistent")
        #expect(rule == ZoneRules(identifier: "CET-1CEST,M3.5.0,M10.5.0/3", rule: try #require(TZString("CET-1CEST,M3.5.0,M10.5.0/3"))))
        // A colon names a file only; an empty or unknown TZ falls back to the system's files.
        #expect(SystemZone.current(environment: ["TZ": ":CET-1CEST"], root: "/nonexistent") == .utc)
        #expect(SystemZone.current(environment: ["TZ": ""], root: "/nonexistent") == .utc)
    }

    @Test func aLocaltimeFileThatIsNoLinkIsNamedByEtcTimezone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("localtime-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: root + "/etc/localtime")
        #expect(SystemZone.current(environment: [:], root: root).identifier == "localtime")
        try "Asia/Calcutta\n".write(toFile: root + "/etc/timezone", atomically: true, encoding: .utf8)
        let zone = SystemZone.current(environment: [:], root: root)
        #expect(zone.identifier == "Asia/Calcutta" && zone.offset(at: WallInstant(unixSeconds: 0)) == 19800)
    }
}

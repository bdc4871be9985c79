import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// Every minute from `from` to `to` (both `HH:MM`, inclusive), as the face shows them.
func minutes(_ from: String, _ to: String) -> [String] {
    func parse(_ s: String) -> Int { Int(s.prefix(2))! * 60 + Int(s.suffix(2))! }
    return (parse(from)...parse(to)).map { m in String(format: "%02d:%02d", m / 60, m % 60) }
}

@Suite struct LoopClockTests {
    @Test func aDayOfMinutesWakesOncePerMinuteAndFlipsOnTheMinute() throws {
        let run = try SimulatedRun(from: "2026-06-01T00:00:00Z", zone: "UTC", length: .seconds(86400))
        #expect(run.shown == minutes("00:00", "23:59"))
        #expect(run.shows.dropFirst().allSatisfy { $0.wall.remainder(dividingBy: .seconds(60)) == .zero })
        // One wake from rest per minute (the last one is the stop), and every flip landed.
        #expect(run.report.idleWakeups == 1440)
        #expect(run.report.flips == 1439)
        #expect(run.report.stillFrames == 0)
        print("a simulated day of HH:MM: \(run.report.wakeups) wakeups, \(run.report.idleWakeups) from rest, \(run.report.frames) frames")
    }

    @Test func anHourOfSecondsWakesOncePerSecond() throws {
        let run = try SimulatedRun(from: "2026-06-01T08:00:00Z", zone: "UTC", length: .seconds(3600), seconds: true)
        #expect(run.shows.count == 3600)
        #expect(run.shows.last.map { "\($0.time)" } == "08:59:59")
        #expect(run.report.idleWakeups == 3600)
        #expect(run.report.stillFrames == 0)
    }

    @Test func springForwardSkipsTheHourThatDoesNotExist() throws {
        // America/New_York, 8 March 2026: 02:00 EST is 03:00 EDT; the day has 23 hours.
        let run = try SimulatedRun(from: "2026-03-08T05:00:00Z", zone: "America/New_York", length: .seconds(23 * 3600))
        #expect(run.shown == minutes("00:00", "01:59") + minutes("03:00", "23:59"))
        #expect(run.report.idleWakeups == 1380)
    }

    @Test func fallBackShowsTheRepeatedHourTwice() throws {
        // 1 November 2026: 02:00 EDT is 01:00 EST; the day has 25 hours.
        let run = try SimulatedRun(from: "2026-11-01T04:00:00Z", zone: "America/New_York", length: .seconds(25 * 3600))
        #expect(run.shown == minutes("00:00", "01:59") + minutes("01:00", "23:59"))
        #expect(run.report.idleWakeups == 1500)
    }

    @Test func aClockSetForwardOrBackShowsTheNewTimeAtOnce() throws {
        let iso = ISO8601DateFormatter()
        let run = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(100)) { _ in
        } schedule: { clock, _ in
            clock.at(.seconds(10), .setWall(WallInstant(iso.date(from: "2026-06-01T12:30:10Z")!)))
            clock.at(.seconds(20), .setWall(WallInstant(iso.date(from: "2026-06-01T10:59:50Z")!)))
        }
        #expect(run.shown == ["12:00", "12:30", "10:59", "11:00", "11:01"])
        #expect(
            run.shows.map { iso.string(from: $0.wall.date) } == [
                "2026-06-01T12:00:00Z", "2026-06-01T12:30:10Z", "2026-06-01T10:59:50Z", "2026-06-01T11:00:00Z", "2026-06-01T11:01:00Z",
            ])
    }

    @Test func aResumeAfterSuspendShowsTheNewTimeAtOnce() throws {
        let iso = ISO8601DateFormatter()
        let run = try SimulatedRun(from: "2026-06-01T12:00:30Z", zone: "UTC", length: .seconds(7300)) { _ in
        } schedule: { clock, _ in
            clock.at(.seconds(10), .suspend(.seconds(7200)))
        }
        #expect(run.shown == ["12:00", "14:00", "14:01", "14:02"])
        #expect(iso.string(from: run.shows[1].wall.date) == "2026-06-01T14:00:40Z")
    }

    @Test func aChangedSystemZoneShowsAtOnceUnlessTheConfigurationNamesOne() throws {
        let tokyo = ZoneInfo.system.rules(named: "Asia/Tokyo")!
        let followed = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(30)) { _ in
        } schedule: { clock, _ in
            clock.at(.seconds(5), .setZone(tokyo))
        }
        #expect(followed.shown == ["12:00", "21:00"])
        #expect(followed.shows[1].wall.remainder(dividingBy: .seconds(60)) == .seconds(5))
        let pinned = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(30), configuredZone: "Europe/Paris") { _ in
        } schedule: { clock, _ in
            clock.at(.seconds(5), .setZone(tokyo))
        }
        #expect(pinned.shown == ["14:00"])
    }

    @Test func theWallClockWakesAtTheNextWholeSecondOrMinuteOfItsZone() {
        let kolkata = ZoneInfo.system.rules(named: "Asia/Kolkata")!  // UTC+5:30: minutes still line up
        let now = WallInstant(ISO8601DateFormatter().date(from: "2026-06-01T12:00:20Z")!)
        #expect(ClockReading(now, own: kolkata, zones: [:]).nextChange(every: .seconds(60)) - now == .seconds(40))
        #expect(ClockReading(now + .milliseconds(250), own: kolkata, zones: [:]).nextChange(every: .seconds(1)) - now == .seconds(1))
        #expect(ZoneInfo.system.rules(named: "Mars/Base") == nil)
    }

    @Test func theSystemZoneIsReadFromTZThenTheLocaltimeLinkThenEtcTimezone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(SystemZone.current(environment: [:], root: root) == .utc)
        try "Europe/Berlin\n".write(toFile: root + "/etc/timezone", atomically: true, encoding: .utf8)
        #expect(SystemZone.current(environment: [:], root: root).identifier == "Europe/Berlin")
        try FileManager.default.createSymbolicLink(atPath: root + "/etc/localtime", withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(SystemZone.current(environment: [:], root: root).identifier == "Asia/Tokyo")
        #expect(SystemZone.current(environment: ["TZ": ":America/Chicago"], root: root).identifier == "America/Chicago")
    }

    @Test func aFixedStartRunsFromItsStartAndWakesAtItsWallDeadlines() throws {
        let start = WallInstant(ISO8601DateFormatter().date(from: "2026-06-01T12:59:59.9Z") ?? Date(timeIntervalSince1970: 1_780_318_799.9))
        let clock = try SystemClock(startingAt: start)
        #expect(abs((clock.wall - start).seconds) < 0.05)
        var none: [pollfd] = []
        let wake = try clock.sleep(until: .seconds(10), orWall: start + .milliseconds(100), watching: &none)
        #expect(wake.lateness != nil)
        #expect(clock.now < .seconds(10))
    }

    @Test func theSystemClockWakesAtAWallDeadlineAndSaysHowLate() throws {
        let clock = try SystemClock()
        var none: [pollfd] = []
        let due = clock.wall + .milliseconds(20)
        let wake = try clock.sleep(until: clock.now + .seconds(5), orWall: due, watching: &none)
        let late = try #require(wake.lateness)
        #expect(late >= .zero && late < .seconds(1))
        #expect(!wake.clockSet)
    }
}

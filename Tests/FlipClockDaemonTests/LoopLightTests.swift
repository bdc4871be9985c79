import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// The light sensor and the sun's night schedule, read by the loop.
@Suite struct LoopLightTests {
    /// A temporary folder laid out as the kernel's `/sys/bus/iio/devices`: a BH1750 as
    /// `iio:device0` (raw counts and a scale), and something without light as `iio:device1`.
    final class SensorTree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iio-\(UUID().uuidString)").path
        var device: String { root + "/iio:device0" }

        init(raw: String, scale: String = "0.833333333") throws {
            for folder in ["iio:device0", "iio:device1"] {
                try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            }
            try write("name", "bh1750\n")
            try write("in_illuminance_raw", raw)
            try write("in_illuminance_scale", scale)
            try "ads1015\n".write(toFile: "\(root)/iio:device1/name", atomically: false, encoding: .utf8)
            try "1234\n".write(toFile: "\(root)/iio:device1/in_voltage0_raw", atomically: false, encoding: .utf8)
        }

        func write(_ file: String, _ text: String) throws {
            try text.write(toFile: "\(device)/\(file)", atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func autoFindsTheFirstDeviceWithIlluminanceAndReadsRawTimesScale() throws {
        let tree = try SensorTree(raw: "120\n")
        try tree.write("in_illuminance_offset", "-12")
        var sensor = LightSensor(setting: "auto", devices: tree.root)
        #expect(try abs(sensor.read().get() - 90) < 1e-6)  // (120 − 12) × 0.8333…
        #expect(sensor.folder == tree.device)
        var none = LightSensor(setting: "auto", devices: tree.root + "/iio:device1")
        #expect(throws: LightProblem.self) { try none.read().get() }
    }

    /// Status says the lux and the level; the level follows the room (capped by the night
    /// schedule), a garbled or removed sensor is said once and the schedule's level shown, and
    /// a sensor that comes back is read again.
    @Test func theLevelFollowsASensorChangedWhileTheClockRuns() throws {
        let tree = try SensorTree(raw: "12\n")  // 10 lux: 25 %
        var replies: [String] = []
        let run = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(70)) { c in
            var light = LightSettings()
            light.sensor = tree.device
            light.smoothingSeconds = 0
            c.light = light
        } schedule: { clock, loop in
            clock.at(.seconds(5), .run { replies.append(loop.answer("status")) })
            clock.at(.seconds(10), .run { try? tree.write("in_illuminance_raw", "1200\n") })  // 1000 lux
            clock.at(.seconds(15), .run { replies.append(loop.answer("status")) })
            clock.at(.seconds(20), .run { try? tree.write("in_illuminance_raw", "lots\n") })
            clock.at(.seconds(25), .run { replies.append(loop.answer("status")) })
            clock.at(.seconds(30), .run { try? FileManager.default.removeItem(atPath: tree.device + "/in_illuminance_raw") })
            clock.at(.seconds(35), .run { replies.append(loop.answer(#"{"command":"status"}"#)) })
            clock.at(.seconds(40), .run { try? tree.write("in_illuminance_raw", "120\n") })  // 100 lux: 60 %
            clock.at(.seconds(45), .run { replies.append(loop.answer("status")) })
        }
        #expect(replies.count == 5)
        #expect(replies[0].hasSuffix("screen=dim 25% light=10lx/25% output=counting 96x60@5"), "\(replies[0])")
        #expect(replies[1].hasSuffix("screen=on light=1000lx/100% output=counting 96x60@5"), "\(replies[1])")
        #expect(replies[2].hasSuffix("screen=on light=none output=counting 96x60@5"), "\(replies[2])")
        #expect(
            replies[3].contains(
                #""light":{"lux":null,"percent":null,"problem":"light sensor \#(tree.device)/in_illuminance_raw: No such file or directory"}"#
            ), "\(replies[3])")
        #expect(replies[4].hasSuffix("screen=dim 60% light=100lx/60% output=counting 96x60@5"), "\(replies[4])")
        #expect(run.report.frames > 0)
    }

    /// Berlin, 21 June 2026: sunset is 21:32:54 CEST; half an hour after it the screen dims.
    @Test func aNightFromSunsetDimsAtTheSunsMinuteInTheClocksZone() throws {
        var replies: [String] = []
        _ = try SimulatedRun(from: "2026-06-21T19:00:00Z", zone: "Europe/Berlin", length: .seconds(3 * 3600)) { c in
            c.night = NightSchedule(
                periods: [.init(parsing: "sunset+30m-07:00", brightness: 0.2)!], place: Coordinates(latitude: 52.52, longitude: 13.405))
        } schedule: { clock, loop in
            clock.at(.seconds(62 * 60 + 30), .run { replies.append(loop.answer("status")) })  // 22:02:30 CEST
            clock.at(.seconds(63 * 60 + 1), .run { replies.append(loop.answer("status")) })  // 22:03:01
        }
        #expect(
            replies.map { $0.split(separator: " ").filter { $0.hasPrefix("time=") || $0.hasPrefix("screen=") }.joined(separator: " ") } == [
                "time=22:02:30 screen=on", "time=22:03:01 screen=dim",
            ])
    }

    /// Tromsø in December: the screen is off from civil dusk (13:54) to dawn, and the loop
    /// sleeps through it and wakes at dawn's minute (09:30 on the 22nd) to show the time again.
    @Test func aScreenOffFromDuskWakesAtDawn() throws {
        let run = try SimulatedRun(from: "2026-12-21T12:00:00Z", zone: "Europe/Oslo", length: .seconds(22 * 3600)) { c in
            c.night = NightSchedule(
                periods: [.init(parsing: "dusk-dawn", brightness: 0)!], place: Coordinates(latitude: 69.6496, longitude: 18.956))
        }
        #expect(run.output.power == [false, true])
        #expect(run.shown.first == "13:00" && run.shown.contains("13:53") && !run.shown.contains("13:54"))
        #expect(!run.shown.contains("09:29") && run.shown.contains("09:30") && run.shown.last == "10:59", "\(run.shown.suffix(3))")
    }

    /// Tromsø's polar night: sunset-sunrise off is off for days on end, with no change in
    /// sight; the loop still looks again each day, and turns the screen on when the sun first
    /// rises (11:16 on 16 January 2026).
    @Test func aPolarNightOffIsLookedAtDailyUntilTheSunReturns() throws {
        let run = try SimulatedRun(from: "2026-01-10T12:00:00Z", zone: "Europe/Oslo", length: .seconds(5 * 86400 + 22 * 3600 + 20 * 60)) { c in
            c.night = NightSchedule(
                periods: [.init(parsing: "sunset-sunrise", brightness: 0)!], place: Coordinates(latitude: 69.6496, longitude: 18.956))
        }
        #expect(run.output.power.first == false && run.output.power.dropFirst().first == true, "\(run.output.power)")
        #expect(run.shows.dropFirst().first.map { "\($0.wall)" } == "2026-01-16T10:16:00Z", "\(run.shows.prefix(2).map(\.wall))")
        // Six days asleep but for a look a day, then four minutes of the face.
        #expect(run.report.wakeups < 80, "\(run.report.wakeups)")
    }
}

import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockOutput
import FlipClockSystem
import FlipClockTestKit
import Glibc
import Logging

/// One face run alone in this process, as the daemon runs it on a 1920×1080 screen: the real
/// ``ClockLoop`` on a ``SimulatedClock`` from process start, the real font, frames kept in a
/// ``MemoryOutput`` (as a display keeps them, without encoding) or shown on a DRM screen
/// (``IdleOutput``). The parent (``IdleBench``, ``DisplayBench``)
/// starts it as a process of its own, so its memory and CPU are the loop's and nothing else's.
///
/// It prints one line, `IDLE key=value…`: the output and its mode; the monotonic instants (ns)
/// of main, the configuration made, the font open, the output open, the loop made, the first
/// frame drawn and presented; the first page flip's time; private memory after the first frame and at
/// the end; CPU seconds in the loop; frames and flips.
enum IdleRun {
    /// The faces the bench measures, by the name the command line gives.
    static let faces = ["hhmm", "hhmmss", "world", "match"]

    /// A basketball match as `Config/presets/basketball.toml` shows it (its look aside).
    static let match = """
        [game]
        periods = 4
        period = "10:00"
        breaks = ["2:00", "15:00", "2:00"]
        possession = true
        [game.shot_clock]
        resets = [24, 14]
        [[score]]
        name = "home"
        digits = 3
        [[score]]
        name = "away"
        digits = 3
        [[score]]
        name = "home_fouls"
        digits = 1
        [[score]]
        name = "away_fouls"
        digits = 1
        [[row]]
        show = ["home", "game", "away"]
        [[row]]
        show = ["home_fouls", "period", "possession", "shot", "away_fouls"]
        """

    /// What the operator of ``match`` does, in seconds from the start: each period started
    /// 10 s after its break (the first at 1 s), the shot clock reset every 20 s of play, a
    /// basket every 45 s and a foul every 2 minutes, the arrow switched at each period.
    static var operatorSchedule: [(seconds: Double, line: String)] {
        var schedule: [(seconds: Double, line: String)] = []
        var start = 1.0
        for period in 1...4 {
            schedule.append((start, "game start"))
            schedule.append((start + 0.5, "game possession switch"))
            for k in 1..<30 { schedule.append((start + Double(20 * k), "game shot")) }
            for k in 1..<14 { schedule.append((start + Double(45 * k) + 0.25, "score add \(k % 2 == 0 ? "home" : "away") 2")) }
            for k in 1..<5 { schedule.append((start + Double(120 * k) + 0.75, "score add \(k % 2 == 0 ? "home" : "away")_fouls 1")) }
            start += 600 + Double([120, 900, 120, 0][period - 1]) + 10
        }
        return schedule.filter { $0.seconds < 3600 }
    }

    /// The README's world clock (`docs/world.toml`): three places, the date, a text row.
    static let world = """
        [[place]]
        name = "tokyo"
        time_zone = "Asia/Tokyo"
        [[place]]
        name = "london"
        time_zone = "Europe/London"
        [[place]]
        name = "new-york"
        label = "NEW YORK"
        time_zone = "America/New_York"
        [date]
        format = "%a %d %b %Y"
        locale = "C"
        [[text]]
        name = "board"
        cards = 14
        text = "NEXT TRAIN 12"
        [[row]]
        show = ["tokyo", "london", "new-york"]
        [[row]]
        show = ["date"]
        [[row]]
        show = ["board"]
        """

    static func configuration(_ face: String) throws -> ClockConfiguration {
        var configuration =
            switch face {
            case "world": try ConfigFile.parse(world, path: "world.toml")
            case "match": try ConfigFile.parse(match, path: "match.toml")
            default: ClockConfiguration()
            }
        if face == "hhmm" || face == "hhmmss" {
            configuration.time = TimeFormat(format: face == "hhmm" ? .hoursMinutes : .hoursMinutesSeconds)
        }
        configuration.backlight = "none"
        return configuration
    }

    /// Runs `face` for `minutes` simulated minutes on a thread of its own, as the daemon runs
    /// its loop (so malloc gives it an arena of its own, as there), and prints the `IDLE` line.
    static func run(face: String, minutes: Int, output: IdleOutput, mainAt: UInt64) throws {
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        NamedThread.run(name: "clock") {
            do { try runHere(face: face, minutes: minutes, output: output, mainAt: mainAt) } catch { outcome.error = error }
        }
        if let error = outcome.error { throw error }
    }

    /// On DRM only time is simulated: the loop's sleeps take none, while the copies to the
    /// scan-out buffers, the mode set and the page flips are the real ones, each present waiting
    /// for the last flip's event as the daemon's do. The console is taken, as the daemon takes it.
    static func runHere(face: String, minutes: Int, output choice: IdleOutput, mainAt: UInt64) throws {
        let configuration = try configuration(face)
        let configurationAt = monotonicNanoseconds()
        let font = try FontFace(path: configuration.fontPath)
        let fontAt = monotonicNanoseconds()
        // 2026-06-01T00:00:30Z, in UTC: the first minute's flip comes 30 s in.
        let clock = SimulatedClock(wall: WallInstant(unixSeconds: 1_780_272_030), zone: .utc)
        let output = try choice.open(configuration)
        let outputAt = monotonicNanoseconds()
        var logger = Logger(label: "idle")
        logger.logLevel = .warning
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: !choice.inMemory, glyphs: font, clock: clock, logger: logger)
        let loopAt = monotonicNanoseconds()
        var start = ProcessMemory(), hour = ProcessMemory(), machineStart = 0.0
        clock.at(
            .milliseconds(1),
            .run {
                start = ProcessMemory.now()
                machineStart = ProcessMemory.machineBusySeconds()
            })
        // After an hour every digit a face shows in a minute has been drawn: growth after it is no cache filling.
        clock.at(.seconds(min(minutes, 60) * 60) - .milliseconds(500), .run { hour = ProcessMemory.now() })
        clock.at(.seconds(minutes * 60), .run { loop.requests.send(.stop) })
        if face == "match" {
            for (seconds, line) in operatorSchedule where seconds < Double(minutes * 60) {
                clock.at(.seconds(seconds), .run { _ = loop.answer(line) })
            }
        }
        let runAt = monotonicNanoseconds()
        let report = try loop.run()
        let end = ProcessMemory.now(), machineEnd = ProcessMemory.machineBusySeconds()
        let runNanoseconds = monotonicNanoseconds() - runAt
        // What malloc holds: in use, free in its arenas, and in mappings of its own.
        let heap = MallocTotals.now()
        let fields: [(String, String)] = [
            ("drm", choice.inMemory ? "0" : "1"), ("width", "\(output.size.width)"), ("height", "\(output.size.height)"),
            ("canvas_width", "\(output.canvasSize.width)"), ("canvas_height", "\(output.canvasSize.height)"),
            ("rotation", "\(output.rotation.rawValue)"),
            ("hertz", "\(Int(output.refreshRate.rounded()))"),
            ("main_ns", "\(mainAt)"), ("configuration_ns", "\(configurationAt)"), ("font_ns", "\(fontAt)"), ("output_ns", "\(outputAt)"),
            ("loop_ns", "\(loopAt)"), ("drawn_ns", "\(output.drawnAt ?? 0)"), ("first_frame_ns", "\(output.firstAt ?? 0)"),
            ("first_flip_ms", "\(output.flipDoneAt.map { Double($0 - output.flipQueuedAt!) / 1e6 } ?? .nan)"),
            ("present_ms", "\(Double(output.presentNanoseconds) / 1e6)"), ("presents", "\(output.presents)"),
            ("run_s", "\(Double(runNanoseconds) / 1e9)"), ("machine_cpu_s", "\(machineEnd - machineStart)"),
            ("private_start_kib", "\(start.privateKiB)"), ("dirty_start_kib", "\(start.dirtyKiB)"),
            ("dirty_hour_kib", "\(hour.dirtyKiB)"),
            ("private_end_kib", "\(end.privateKiB)"), ("dirty_end_kib", "\(end.dirtyKiB)"),
            ("cpu_s", "\(end.cpuSeconds - start.cpuSeconds)"), ("frames", "\(report.frames)"), ("flips", "\(report.flips)"),
            ("malloc_arenas", "\(heap.arenas)"), ("malloc_system_kib", "\(heap.systemKiB)"),
            ("malloc_free_kib", "\(heap.freeKiB)"), ("malloc_mapped_kib", "\(heap.mappedKiB)"),
        ]
        print("IDLE " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    }

    /// The monotonic clock in nanoseconds: the same clock in every process of the machine.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

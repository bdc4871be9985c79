import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockOutput
import FlipClockSystem
import FlipClockTestKit
import Glibc
import Logging
import SystemPackage

extension Bench {
    /// The daemon's loop through `hours` simulated hours, as it runs on a 1920×1080 screen:
    /// the real ``ClockLoop`` on a ``SimulatedClock``, the HH:MM face drawn with the real
    /// font into a ``MemoryOutput``, the control socket and the state file real. Every
    /// minute a request changes both scores (saved, as the daemon saves them), every hour a
    /// message opens the panel. The process's private memory after the first minutes and at
    /// the end says whether anything grows with time, and its growth over the second half
    /// whether what grows levels off (caches fill as new digits are first shown); it prints
    /// a line an hour, then RESULT.
    static func soak(hours: Int) throws {
        var template = Array("/tmp/flipclock-soak-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            print("cannot make a folder in /tmp: \(Errno.current)")
            exit(1)
        }
        let folder = String(cString: made)
        defer {
            unlink(folder + "/state.json")
            rmdir(folder)
        }
        var configuration = ClockConfiguration()
        configuration.time = TimeFormat(format: .hoursMinutes)
        configuration.backlight = "none"
        configuration.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        let font = try FontFace(path: configuration.fontPath)
        // 2026-06-01T00:00:00Z, in UTC.
        let clock = SimulatedClock(wall: WallInstant(unixSeconds: 1_780_272_000), zone: .utc)
        let output = MemoryOutput(size: PixelSize(width: BenchScene.width, height: BenchScene.height), refreshRate: 60)
        var logger = Logger(label: "soak")
        logger.logLevel = .warning
        let control = try ControlServer(path: folder + "/control.sock", group: nil)
        var parts = ClockLoop.Parts()
        parts.control = control
        parts.stateFile = StateFile(path: folder + "/state.json")
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: false, glyphs: font, clock: clock, logger: logger, parts: parts)

        let requests = SoakRequests(path: control.path)
        let length = Duration.seconds(hours * 3600)
        for minute in 0..<hours * 60 {
            let line = "score set home=\(minute % 100) away=\(minute * 7 % 100)"
            requests.schedule(line, at: .seconds(minute * 60 + 30), on: clock)
        }
        for hour in 0..<hours {
            requests.schedule("message \"Hour \(hour + 1) of the soak\" for 20s", at: .seconds(hour * 3600 + 15), on: clock)
        }
        // The first sample after the first message has come and gone and the caches are warm;
        // then one an hour, the last just before the end.
        var samples: [(at: Duration, memory: ProcessMemory)] = []
        let instants = [Duration.seconds(300)] + (1...hours).map { Duration.seconds($0 * 3600) - .milliseconds(500) }
        for instant in instants {
            clock.at(instant, .run { samples.append((instant, ProcessMemory.now())) })
        }
        clock.at(length, .run { loop.requests.send(.stop) })

        let before = ProcessMemory.now()
        let wall = ContinuousClock.now
        let report = try loop.run()
        let took = ContinuousClock.now - wall
        let after = ProcessMemory.now()

        print("soak: \(hours) simulated h of HH:MM at \(output.name), font \(configuration.fontPath)")
        print("a score request every minute, a message every hour, through the control socket; state saved at \(folder)/state.json")
        print("")
        print("| simulated | private MiB | of which dirty | rss MiB | cpu s |")
        print("|---|---|---|---|---|")
        for (at, memory) in samples {
            let minutes = Int(at.components.seconds) / 60 + (at.components.attoseconds > 0 ? 1 : 0)
            print(
                "| \(minutes / 60) h \(minutes % 60) min | \(format(memory.privateMiB, 2)) | \(format(memory.dirtyMiB, 2)) | \(format(memory.rssMiB, 2)) | \(format(memory.cpuSeconds, 1)) |"
            )
        }
        print("")
        print("before the loop: private \(format(before.privateMiB, 2)) MiB, rss \(format(before.rssMiB, 2)) MiB")
        print(
            "loop: \(report.frames) frames (\(output.frames) presented), \(report.flips) flips, \(report.wakeups) wakeups (\(report.idleWakeups) from rest), \(report.stillFrames) still frames"
        )
        print("requests: \(requests.sent) sent, \(requests.answered) answered OK")
        print("took \(format(took.seconds, 1)) s of wall time, \(format(after.cpuSeconds - before.cpuSeconds, 1)) s of CPU in the loop")
        for problem in requests.problems.prefix(5) { print("problem: \(problem)") }
        guard let start = samples.first?.memory, let end = samples.last?.memory, samples.count == instants.count,
            let half = samples.last(where: { $0.at <= length / 2 })?.memory,
            requests.problems.isEmpty, requests.answered == hours * 61
        else {
            print("the soak did not run as planned: \(samples.count) of \(instants.count) samples, \(requests.problems.count) problems")
            exit(1)
        }
        print("")
        print(
            "RESULT soak_private_start_mib=\(format(start.privateMiB, 2)) soak_private_end_mib=\(format(end.privateMiB, 2)) soak_growth_mib=\(format(end.privateMiB - start.privateMiB, 2)) soak_growth_second_half_mib=\(format(end.privateMiB - half.privateMiB, 2)) soak_dirty_start_mib=\(format(start.dirtyMiB, 2)) soak_dirty_growth_mib=\(format(end.dirtyMiB - start.dirtyMiB, 2)) soak_dirty_growth_second_half_mib=\(format(end.dirtyMiB - half.dirtyMiB, 2)) soak_rss_start_mib=\(format(start.rssMiB, 2)) soak_rss_end_mib=\(format(end.rssMiB, 2)) soak_cpu_s=\(format(after.cpuSeconds - before.cpuSeconds, 1)) soak_frames=\(report.frames) soak_flips=\(report.flips) soak_wakeups=\(report.wakeups)"
        )
    }
}

import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// The `[[face]]` in force on the screens: folded in at its minute and out after it, taking
/// turns on a wall clock's second, the loop waking for each change and sleeping between.
@Suite struct LoopFaceTests {
    /// The time alone, and a `match` face of the scores from 12:01 to 12:02.
    static func scheduled(_ c: inout ClockConfiguration) {
        c.scores = [ScoreItem(name: "home"), ScoreItem(name: "away")]
        c.rowNames = [["time"]]
        c.faces = FaceSchedule(faces: [ScheduledFace(name: "match", rows: [["home", "away"]], hours: DayPeriod(parsing: "12:01-12:02")!)])
    }

    @Test func aFaceFoldsInAtItsMinuteAndOutAfterIt() throws {
        var faces: [String: String] = [:]
        var items: [String: [String]] = [:]
        var replies: [String] = []
        _ = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(180), configure: Self.scheduled) { clock, loop in
            func look(_ at: Int, _ name: String) {
                clock.at(
                    .seconds(at),
                    .run {
                        faces[name] = loop.screens.faceName ?? "default"
                        items[name] = loop.screens.screens.first?.scene.items.map(\.name)
                    })
            }
            look(59, "before")
            look(61, "in force")
            look(121, "after")
            clock.at(.seconds(61), .run { replies.append(loop.answer("status")) })
        }
        #expect(faces == ["before": "default", "in force": "match", "after": "default"])
        #expect(items["before"] == ["time"])
        #expect(items["in force"] == ["home", "away"])
        #expect(items["after"] == ["time"])
        #expect(replies == ["OK time=12:01:01 time_synced=true face=match scores home=0 away=0 message_seconds=30 screen=on output=counting 96x60@5"])
    }

    /// The preview draws the face in force at its start: the `match` face at 12:01, the
    /// `[[row]]` face at 12:00 (the zone UTC, as configured).
    @Test func thePreviewDrawsTheFaceInForce() {
        var c = ClockConfiguration()
        Self.scheduled(&c)
        c.timeZone = "UTC"
        let day = CalendarDay(year: 2026, month: 6, day: 1)
        func names(at time: WallTime) -> [[String]] {
            let request = PreviewRequest(
                from: time, day: day, seconds: 1, framesPerSecond: 1, width: 96, height: 60, directory: "/tmp", configuration: c)
            return request.faceInForce.rows.map { $0.map(\.name) }
        }
        #expect(names(at: WallTime(hour: 12, minute: 1, second: 0)) == [["home", "away"]])
        #expect(names(at: WallTime(hour: 12, minute: 0, second: 0)) == [["time"]])
    }

    /// `face NAME for DURATION` holds a face, the loop waking when its time is up; without a
    /// duration it holds until the faces in force next change (12:01); `face auto` gives the
    /// screens back at once; an unknown name is refused.
    @Test func aHeldFaceShowsUntilItsTimeIsUp() throws {
        var faces: [String: String] = [:]
        var replies: [String] = []
        _ = try SimulatedRun(from: "2026-06-01T11:00:00Z", zone: "UTC", length: .seconds(200), configure: Self.scheduled) { clock, loop in
            func look(_ at: Int, _ name: String) {
                clock.at(.seconds(at), .run { faces[name] = loop.screens.faceName ?? "default" })
            }
            clock.at(.seconds(10), .run { replies.append(loop.answer("face match for 30s")) })
            look(20, "held")
            look(45, "after")
            clock.at(.seconds(100), .run { replies.append(loop.answer("face match")) })
            look(110, "held again")
            clock.at(.seconds(150), .run { replies.append(loop.answer("face auto")) })
            look(160, "auto")
            clock.at(.seconds(170), .run { replies.append(loop.answer("face evening")) })
        }
        #expect(
            replies == [
                "OK face=match until 11:00:40", "OK face=match until 12:01:00", "OK face=default",
                "ERR unknown-face \"evening\"; faces are default, match",
            ])
        #expect(faces == ["held": "match", "after": "default", "held again": "match", "auto": "default"])
    }

    /// Faces in force together take turns on the wall clock's seconds, though the time shows
    /// only minutes: the loop wakes at each turn's end, and otherwise sleeps.
    @Test func facesTakingTurnsWakeTheLoopAtEachTurn() throws {
        var plans: [WallInstant?] = []
        var faces: [String] = []
        let run = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(60)) { c in
            c.scores = [ScoreItem(name: "home"), ScoreItem(name: "away")]
            c.faces = FaceSchedule(faces: [
                ScheduledFace(name: "time", rows: [["time"]], seconds: 5), ScheduledFace(name: "scores", rows: [["home", "away"]], seconds: 7),
            ])
        } schedule: { clock, loop in
            // 43200 % 12 = 0: the time from 12:00:00, the scores from 12:00:05, the time again at 12:00:12.
            for at in [3, 8, 14] {
                clock.at(
                    .seconds(at),
                    .run {
                        plans.append(loop.plan.wall)
                        faces.append(loop.screens.faceName ?? "default")
                    })
            }
        }
        #expect(faces == ["time", "scores", "time"])
        let noon = try WallInstant(iso: "2026-06-01T12:00:00Z")
        #expect(plans == [noon + .seconds(5), noon + .seconds(12), noon + .seconds(17)])
        // A wake at each turn's end (ten in the minute), the start's and the next minute's:
        // 13 measured; a loop that polled each second would wake some 60 times.
        #expect(run.report.idleWakeups <= 14)
    }
}

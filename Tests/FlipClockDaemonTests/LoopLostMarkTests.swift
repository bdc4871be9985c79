import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// The lost-leader mark through the loop: on from the start of a `[match]` clock until the MQTT
/// side says a leader is found, off then, on again when it is lost; one frame each time, none
/// while it rests; `status` says it. A clock without `[match]` never shows it.
@Suite struct LoopLostMarkTests {
    @Test func theMarkComesAndGoesAsTheMQTTSideSays() throws {
        var pictures: [Canvas?] = [], frames: [Int] = [], replies: [String] = []
        _ = try SimulatedRun(from: LoopMatchTests.start, zone: "UTC", length: .seconds(10), configure: LoopMatchTests.configure) { clock, loop in
            let output = { loop.screens.screens[0].output as! CountingOutput }
            let look = {
                pictures.append(output().last)
                frames.append(output().frames)
                replies += [loop.answer("status"), loop.answer(#"{"command":"status"}"#)]
            }
            clock.at(.seconds(1), .run(look))
            clock.at(.seconds(2), .run { loop.lead(false, lost: false) })
            clock.at(.seconds(3), .run(look))
            clock.at(.seconds(4), .run { loop.lead(false, lost: true) })
            clock.at(.seconds(5), .run(look))
            clock.at(.seconds(8), .run(look))
            clock.at(.seconds(9), .run { loop.lead(true, lost: true) })
            clock.at(.seconds(9.5), .run(look))
        }
        let face = try #require(pictures[1])
        let marked = LostMark(width: face.width, height: face.height, margin: FaceLayout.Spacing().margin).drawn(over: face)
        #expect(marked != face)
        // Lost at 1 s, led at 3 s, lost at 5 s and 8 s, leading at 9.5 s.
        #expect(pictures.map { $0 == marked } == [true, false, true, true, false])
        #expect(pictures[4].map { $0 == face } == true, "a leader is never lost")
        #expect(frames[1] == frames[0] + 1 && frames[2] == frames[1] + 1, "one frame when the mark goes, one when it comes: \(frames)")
        #expect(frames[3] == frames[2], "none while it rests")
        #expect(
            replies.filter { $0.contains(" match=") }.map { $0.split(separator: " ").first { $0.hasPrefix("match=") }! } == [
                "match=lost", "match=led", "match=lost", "match=lost", "match=leading",
            ])
        #expect(replies.filter { $0.hasPrefix("{") }.map { $0.contains(#""match":"lost""#) } == [true, false, true, true, false])
        #expect(replies[3].contains(#""match":"led""#) && replies[9].contains(#""match":"leading""#))
    }

    @Test func aClockWithoutAMatchNeverShowsIt() throws {
        var pictures: [Canvas?] = [], replies: [String] = []
        _ = try SimulatedRun(
            from: LoopMatchTests.start, zone: "UTC", length: .seconds(3),
            schedule: { clock, loop in
                clock.at(.seconds(1), .run { loop.lead(false, lost: true) })
                clock.at(
                    .seconds(2),
                    .run {
                        pictures.append((loop.screens.screens[0].output as! CountingOutput).last)
                        replies += [loop.answer("status"), loop.answer(#"{"command":"status"}"#)]
                    })
            })
        var c = ClockConfiguration()
        c.time.format = .hoursMinutes
        var scene = ClockScene(
            configuration: c, width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 0, second: 0)), glyphs: GreyBoxGlyphs())
        _ = try scene.frame(at: .zero)
        #expect(pictures == [scene.canvas])
        #expect(!replies[0].contains("match") && !replies[1].contains("match"))
    }
}

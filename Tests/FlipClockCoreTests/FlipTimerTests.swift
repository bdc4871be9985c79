import Testing

@testable import FlipClockCore

@Suite struct FlipTimerTests {
    @Test(arguments: [("25m", 1500), ("90s", 90), ("1h30m", 5400), ("1500", 1500), ("05:30", 330), ("0:03", 3), ("1m30s", 90)] as [(String, Int)])
    func durationsParse(_ text: String, _ seconds: Int) {
        #expect(TimerItem.parseDuration(text) == seconds)
    }

    /// Too long for an Int: the longest there is, which every caller refuses as out of range
    /// (these overflowed and killed the daemon).
    @Test(arguments: ["9999999999999999h", "999999999999999999:00", "99999999999999999999", "1h9999999999999999999m", "9223372036854775807s1h"])
    func hugeDurationsSaturate(_ text: String) {
        #expect(TimerItem.parseDuration(text) == Int.max)
    }

    @Test(arguments: ["", "m", "25x", "1m1m", "5:3", "-4", "1.5m", "25 m", "+5", "٣m", ":", "5:-1"])
    func nonsenseIsNotADuration(_ text: String) {
        #expect(TimerItem.parseDuration(text) == nil)
    }

    @Test func aCountdownRunsPausesResumesAndStopsAtZero() {
        var t = FlipTimer(TimerItem(name: "p", duration: 90))
        #expect(t.shown(at: unix(1000)) == 90 && !t.isRunning)
        t.start(at: unix(1000))
        #expect(t.shown(at: unix(1000)) == 90)
        #expect(t.shown(at: unix(1000.2)) == 90)  // 89.8 s left shows 1:30 until the second is over
        #expect(t.shown(at: unix(1001)) == 89)
        t.pause(at: unix(1010.5))
        #expect(t.shown(at: unix(2000)) == 80)
        #expect(t.nextChange(after: unix(2000)) == nil)
        t.resume(at: unix(3000))
        #expect(t.nextChange(after: unix(3000)) == unix(3000.5))
        #expect(t.shown(at: unix(3079.4)) == 1)
        #expect(t.shown(at: unix(3079.5)) == 0 && t.isFinished(at: unix(3079.5)))
        #expect(t.shown(at: unix(9999)) == 0)
        #expect(t.nextChange(after: unix(3080)) == nil)
        t.reset()
        #expect(t.shown(at: unix(9999)) == 90)
    }

    @Test func aCountUpStartsAtZeroAndStopsAtTheLongest() {
        var t = FlipTimer(TimerItem(name: "u", direction: .up))
        t.start(at: unix(0))
        #expect(t.shown(at: unix(0.9)) == 0 && t.shown(at: unix(61)) == 61)
        #expect(t.nextChange(after: unix(0.5)) == unix(1))
        #expect(t.shown(at: unix(1e7)) == TimerItem.longest)
    }

    @Test func startCanSetANewDuration() {
        var t = FlipTimer(TimerItem(name: "p", duration: 90))
        t.start(duration: 10, at: unix(0))
        #expect(t.shown(at: unix(0)) == 10 && t.duration == 10)
    }

    @Test func cardsShowMinutesAndSeconds() {
        let d = TimerItem(name: "p")
        #expect(d.values(1500) == ["2", "5", "0", "0"])
        #expect(d.values(59) == ["0", "0", "5", "9"])
        #expect(d.values(nil) == ["", "", "", ""])
    }
}

/// The instant `seconds` after 1970.
private func unix(_ seconds: Double) -> WallInstant { WallInstant(secondsSince1970: seconds) }

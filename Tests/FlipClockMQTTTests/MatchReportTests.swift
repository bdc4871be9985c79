import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

/// The operator's view of a match (`GET /v1/match`): this clock and every screen's report,
/// each with whether it is fresh and how late it took the leader's last state.
@Suite struct MatchReportTests {
    @Test func theReportNamesThisClockAndEachScreenWithItsLateness() {
        let follower = MatchScreens.Screen(
            node: "f1", role: .follower, leading: false, lost: false, seq: 41, latenessMilliseconds: 12.54, at: 1_795_000_000.25,
            name: "flipclock/hall-left")
        let gone = MatchScreens.Screen(
            node: "f2", role: .follower, leading: false, lost: true, seq: nil, latenessMilliseconds: nil, at: 1_794_999_000)
        let status = MQTTService.MatchStatus(lead: .leading, lost: false, screens: [follower, gone], fresh: [true, false])
        let report = status.report(MatchSettings(topic: "flipclock/match/hall", role: .leader), node: "lead", name: "flipclock/board")
        #expect(
            ControlJSON.line(report)
                == #"{"leading":true,"lost":false,"name":"flipclock/board","node":"lead","role":"leader","screens":[{"at":1795000000.25,"fresh":true,"lateness_ms":12.5,"leading":false,"lost":false,"name":"flipclock/hall-left","node":"f1","role":"follower","seq":41},{"at":1794999000,"fresh":false,"leading":false,"lost":true,"node":"f2","role":"follower"}],"topic":"flipclock/match/hall"}"#
        )
    }
}

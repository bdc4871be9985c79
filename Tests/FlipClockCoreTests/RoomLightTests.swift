import Testing

@testable import FlipClockCore

/// The light sensor's decision: the curve, the smoothing and the hysteresis.
@Suite struct RoomLightTests {
    @Test func theCurveIsLinearOnTheLogOfTheLux() {
        let curve = LightCurve.standard
        #expect(curve.percent(atLux: 0) == 5)
        #expect(curve.percent(atLux: 0.5) == 5)
        #expect(curve.percent(atLux: 10) == 25)
        #expect(abs(curve.percent(atLux: 31.622_776_6) - 42.5) < 1e-6)  // halfway from 10 to 100 on log10
        #expect(curve.percent(atLux: 1000) == 100)
        #expect(curve.percent(atLux: 120_000) == 100)
    }

    /// 10 lux, then 1000 lux a second for 40 s, smoothed over 10 s, hysteresis 5 points.
    @Test func aStepFrom10To1000LuxClimbsInStepsOfAtLeastTheHysteresis() {
        var room = RoomLight(settings: LightSettings())
        var levels = [room.take(10, after: .seconds(1))]
        for _ in 0..<40 { levels.append(room.take(1000, after: .seconds(1))) }
        #expect(
            levels == [
                25, 32, 38, 43, 48, 53, 53, 60, 60, 67, 67, 73, 73, 78, 78, 78, 84, 84, 84, 84, 89, 89, 89, 89, 89, 89, 94, 94, 94, 94, 94, 94,
                94, 94, 94, 94, 94, 94, 94, 94, 99,
            ])
        // Long after, it reaches the curve's end though that is nearer than the hysteresis.
        for _ in 0..<40 { room.take(1000, after: .seconds(1)) }
        #expect(room.percent == 100)
    }

    @Test func noiseOfThreePercentAroundALevelNeverChangesIt() {
        var room = RoomLight(settings: LightSettings())
        room.take(100, after: .seconds(1))
        #expect(room.percent == 60)
        // With no smoothing at all, ±3 % is under a point of the curve.
        var raw = LightSettings()
        raw.smoothingSeconds = 0
        var unsmoothed = RoomLight(settings: raw)
        unsmoothed.take(100, after: .seconds(1))
        var seen = Set<Int>()
        for n in 0..<200 {
            seen.insert(room.take(n % 2 == 0 ? 97 : 103, after: .seconds(1)))
            seen.insert(unsmoothed.take(n % 3 == 0 ? 97 : n % 3 == 1 ? 103 : 100, after: .seconds(1)))
        }
        #expect(seen == [60])
    }

    @Test func aLostSensorGivesNoLevelUntilItReadsAgain() {
        var room = RoomLight(settings: LightSettings())
        room.take(1000, after: .seconds(1))
        room.lost()
        #expect(room.level == nil && room.lux == nil)
        #expect(room.take(10, after: .seconds(30)) == 25)
    }
}

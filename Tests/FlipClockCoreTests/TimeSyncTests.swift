import FlipClockCore
import FlipClockCoreTestKit
import Testing

/// Whether the time is right: the kernel's reading, what the face shows, the log's lines once
/// per change, and when to look again.
@Suite struct TimeSyncTests {
    /// `adjtimex`'s fields: STA_UNSYNC or a maximum error of 16 s or more is not synchronised
    /// (the kernel caps `maxerror` at 16 s when nothing steers the clock).
    @Test func theKernelsFieldsDecide() {
        #expect(SyncReading(status: 0x2001, maxErrorMicroseconds: 12_000) == .synced(maxError: .milliseconds(12)))
        #expect(SyncReading(status: 0x0040, maxErrorMicroseconds: 16_000_000) == .unsynced(maxError: .seconds(16), unsyncFlag: true))
        #expect(SyncReading(status: 0x0041, maxErrorMicroseconds: 500) == .unsynced(maxError: .microseconds(500), unsyncFlag: true))
        #expect(SyncReading(status: 0, maxErrorMicroseconds: 16_000_000) == .unsynced(maxError: .seconds(16), unsyncFlag: false))
        #expect(SyncReading(status: 0, maxErrorMicroseconds: 15_999_999) == .synced(maxError: .microseconds(15_999_999)))
    }

    /// Each change said once, in the words the journal shows; the same state again says nothing.
    @Test func eachChangeIsSaidOnce() {
        var sync = TimeSync()
        let unsynced = SyncReading.unsynced(maxError: .seconds(16), unsyncFlag: true)
        #expect(
            sync.take(unsynced, at: .zero, unsynced: .mark)
                == "the time is not synchronised (adjtimex: STA_UNSYNC, maxerror 16.000 s): the clock shows a mark until it is")
        #expect(sync.take(.unsynced(maxError: .seconds(17), unsyncFlag: true), at: .seconds(2), unsynced: .mark) == nil)
        #expect(sync.take(.synced(maxError: .milliseconds(12)), at: .seconds(4), unsynced: .mark) == "the time is synchronised (maxerror 0.012 s)")
        #expect(sync.take(.synced(maxError: .milliseconds(40)), at: .seconds(64), unsynced: .mark) == nil)
        #expect(
            sync.take(.unsynced(maxError: .milliseconds(16_500), unsyncFlag: false), at: .seconds(124), unsynced: .dashes)
                == "the time is not synchronised (adjtimex: maxerror 16.500 s): the clock shows dashes until it is")
        #expect(
            TimeSync.line(unsynced, unsynced: .show)
                == "the time is not synchronised (adjtimex: STA_UNSYNC, maxerror 16.000 s): the clock shows it as it is")
    }

    /// A first reading that is synchronised says nothing (the usual start); one the kernel
    /// refuses is said once with its errno text, and counts as synchronised.
    @Test func synchronisedAtTheStartIsQuietAndUnknownIsSynchronised() {
        var sync = TimeSync()
        #expect(sync.take(.synced(maxError: .milliseconds(1)), at: .zero, unsynced: .mark) == nil)
        var refused = TimeSync()
        let why = SyncReading.unknown(why: "adjtimex: Operation not permitted")
        #expect(
            refused.take(why, at: .zero, unsynced: .dashes)
                == "cannot tell whether the time is synchronised (adjtimex: Operation not permitted): the clock shows it as synchronised")
        #expect(refused.take(why, at: .seconds(60), unsynced: .dashes) == nil)
        #expect(refused.isSynced && refused.look(.dashes) == .show && refused.wake == nil)
    }

    /// Every 2 s while not synchronised, a wake of its own; every 60 s once it is, on wakes
    /// that come anyway (no wake of its own).
    @Test func whenToLookAgain() {
        var sync = TimeSync()
        #expect(sync.isDue(at: .zero) && sync.isSynced)
        _ = sync.take(.unsynced(maxError: .seconds(16), unsyncFlag: true), at: .seconds(10), unsynced: .mark)
        #expect(sync.nextCheck == .seconds(12) && sync.wake == .seconds(12))
        #expect(!sync.isDue(at: .milliseconds(11_999)) && sync.isDue(at: .seconds(12)))
        #expect(!sync.isSynced && sync.look(.mark) == .mark && sync.look(.dashes) == .dashes && sync.look(.show) == .show)
        _ = sync.take(.synced(maxError: .zero), at: .seconds(12), unsynced: .mark)
        // From 55 s on: the face's next minute wake, however late the last one came.
        #expect(sync.nextCheck == .seconds(67) && sync.wake == nil)
        #expect(sync.isSynced && sync.look(.mark) == .show && sync.look(.dashes) == .show)
        // The wall clock set: asked at the next wake, whatever the interval.
        sync.clockSet()
        #expect(sync.isDue(at: .seconds(13)))
    }

    /// The sync mark: the size and corner of the lost-leader mark, on the left, so they never meet.
    @Test(arguments: [
        (1920, 1080, 0.06, DamageRect(x: 16, y: 16, width: 32, height: 32)),
        (1920, 1080, 0.0, DamageRect(x: 8, y: 8, width: 32, height: 32)),
        (96, 60, 0.06, DamageRect(x: 1, y: 1, width: 6, height: 6)),
    ])
    func theSyncMarkSitsInTheTopLeftMargin(_ width: Int, _ height: Int, _ margin: Double, _ area: DamageRect) {
        let mark = SyncMark(width: width, height: height, margin: margin)
        #expect(mark.area == area)
        #expect(mark.area.width == LostMark(width: width, height: height, margin: margin).area.width)
    }

    /// Drawn over a face: grey and black pixels in its corner, nothing elsewhere; a face at
    /// rest under it draws nothing.
    @Test func theSyncMarkIsGreyAndDrawsOnlyWhatChanged() {
        // 1280 × 720: a mark 22 pixels across, its ring three pixels wide.
        let (width, height) = (1280, 720)
        let face = Canvas(width: width, height: height, fill: 0xFF20_2020)
        var mark = SyncMark(width: width, height: height, margin: 0.06)
        let first = mark.frame(face: face, damage: [])
        #expect(first.damage == [face.bounds] && first.canvas == mark.drawn(over: face))
        let area = mark.area
        var grey = 0, changedOutside = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = first.canvas[x, y]
                let inside = x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height
                if !inside && p != face[x, y] { changedOutside += 1 }
                if inside && p == SyncMark.grey { grey += 1 }
            }
        }
        #expect(changedOutside == 0 && grey > 0)
        #expect(mark.frame(face: face, damage: []).damage.isEmpty)
    }
}

/// `[clock] unsynced = "dashes"`: the clocks' and the date's cards show dashes, the scores
/// keep theirs, and the time comes back on the next show.
@Suite struct DashedSceneTests {
    @Test func dashesOnTheClockAndTheDateOnly() throws {
        var c = ClockConfiguration()
        c.scores = [ScoreItem(name: "home", label: "HOME", digits: 2, change: .step)]
        c.date = try DateItem(format: "%d %b")
        let noon = ClockReading(time: WallTime(hour: 12, minute: 34, second: 0))
        var scene = ClockScene(configuration: c, width: 640, height: 400, showing: noon, scores: ["home": 7], glyphs: SolidBlockGlyphs())
        let shown = scene.values(at: noon)
        scene.show(noon, dashed: true, at: .zero)
        let dashed = scene.values(at: noon)
        #expect(dashed != shown)
        #expect(dashed.prefix(4) == ["-", "-", "-", "-"])
        #expect(dashed.suffix(2) == shown.suffix(2))  // the score: " 7"
        #expect(dashed.dropFirst(4).dropLast(2).allSatisfy { $0.allSatisfy { $0 == "-" || $0 == " " } })
        scene.show(noon, at: .seconds(1))
        #expect(scene.values(at: noon) == shown)
    }
}

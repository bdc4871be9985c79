import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockQR
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// The pairing code in the loop: shown on the next frame, held without frames, gone when its
/// time is up (the loop wakes for it) or when stopped, the face drawn whole again; never saved.
@Suite struct LoopPairingTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// The loop with `[http]` on `listen`, the API listening on 8080, on a machine whose
    /// addresses are 127.0.0.1 and 192.168.1.20.
    static var paired: ClockLoop.Parts {
        var parts = ClockLoop.Parts()
        parts.page = PageAddress(token: token)
        parts.page?.listening(on: 8080)
        parts.interfaces = { PairingLinkTests.machine }
        return parts
    }

    static func http(_ listen: String) -> (inout ClockConfiguration) -> Void {
        { $0.http = HTTPSettings(host: listen, port: 8080, tokenFile: "/etc/flipclock/http-token") }
    }

    /// The 96×60 face at 12:01 (as `CountingOutput` shows it), with the code of `text` over it if given.
    static func face(code text: String? = nil) throws -> Canvas {
        var c = ClockConfiguration()
        c.time.format = .hoursMinutes
        var scene = ClockScene(
            configuration: c, width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)), glyphs: GreyBoxGlyphs())
        _ = try scene.frame(at: .zero)
        guard let text else { return scene.canvas }
        return try #require(PairingOverlay(code: try QRCode.modules(text), width: 96, height: 60)).drawn(over: scene.canvas)
    }

    @Test func theCodeShowsWithoutFramesUntilItsTimeIsUpThenTheFaceIsWholeAgain() throws {
        var replies: [String] = []
        var frames: [Int] = [], pictures: [Canvas?] = []
        let run = try SimulatedRun(
            from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(30), configure: Self.http("0.0.0.0"), parts: Self.paired
        ) { clock, loop in
            let output = { loop.screens.screens[0].output as! CountingOutput }
            clock.at(.seconds(2), .run { replies.append(loop.answer("pair 10")) })
            for second in [3, 11, 13] {
                clock.at(
                    .seconds(second),
                    .run {
                        frames.append(output().frames); pictures.append(output().last)
                    })
            }
        }
        #expect(replies == ["OK http://192.168.1.20:8080/ shown for 10s"])
        #expect(pictures[0] == (try Self.face(code: "http://192.168.1.20:8080/#token=\(Self.token)")))
        #expect(frames[1] == frames[0], "no frame while the code shows")
        #expect(frames[2] == frames[1] + 1, "one frame when it comes down")
        #expect(pictures[2] == (try Self.face()))
        // Woken at 12:01:00, by the request, by the test's three looks, and when the code
        // comes down (the frame at 12 s is drawn before the look at 13 s): nothing else.
        #expect(run.report.wakeups == 1 + 1 + 3 + 1, "\(run.report)")
        #expect(run.report.stillFrames == 0)
    }

    @Test func stopTakesItDownAtOnce() throws {
        var replies: [String] = []
        var shown: [Canvas?] = []
        _ = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(10), configure: Self.http("0.0.0.0"), parts: Self.paired) {
            clock, loop in
            let output = { loop.screens.screens[0].output as! CountingOutput }
            clock.at(.seconds(1), .run { replies.append(loop.answer(#"{"command":"pair","host":"clock.local","seconds":600}"#)) })
            clock.at(.seconds(2), .run { shown.append(output().last) })
            clock.at(.seconds(3), .run { replies.append(loop.answer("pair stop")) })
            clock.at(
                .seconds(4),
                .run {
                    shown.append(output().last); replies.append(loop.answer("pair stop"))
                })
        }
        #expect(replies == [#"{"ok":true,"seconds":600,"url":"http://clock.local:8080/"}"#, "OK pairing stopped", "OK pairing stopped"])
        #expect(shown[0] == (try Self.face(code: "http://clock.local:8080/#token=\(Self.token)")))
        #expect(shown[1] == (try Self.face()))
    }

    /// The state decides: it holds the code the screens show, saves nothing, and without
    /// `[http]` refuses.
    @Test func theStateHoldsTheCodeAndSavesNothing() {
        var configuration = ClockConfiguration()
        Self.http("0.0.0.0")(&configuration)
        var state = ClockState(configuration: configuration)
        var moment = ClockStateTests.moment
        moment.page = PageAddress(token: Self.token)
        moment.page?.listening(on: 8080)
        moment.screens = [
            ClockState.ScreenShape(
                name: "HDMI-A-1", width: 640, height: 480,
                panel: MessagePanel(
                    layout: ClockScene(face: configuration.face(), width: 640, height: 480, showing: moment.reading, glyphs: SolidBlockGlyphs())
                        .renderer.layout, style: configuration.face().style, glyphs: SolidBlockGlyphs()))
        ]
        let pair = state.handle(.pair(seconds: 60, host: "clock.local"), at: moment)
        #expect(pair.reply == .pairing(url: "http://clock.local:8080/", seconds: 60) && pair.change == .redraw && !pair.saves)
        #expect(state.pairing(at: moment.now + .seconds(59))?.until == moment.now + .seconds(60))
        #expect(state.pairing(at: moment.now + .seconds(60)) == nil)
        let stop = state.handle(.stopPairing, at: moment)
        #expect(stop.reply == .pairingStopped && stop.change == .redraw && !stop.saves && state.pairing == nil)
        #expect(stop.note?.message == "pairing code taken down")
        var plain = ClockState(configuration: ClockConfiguration())
        let refused = plain.handle(.pair(seconds: 60, host: "clock.local"), at: moment)
        #expect(refused.change == .none && !refused.saves)
        #expect(refused.reply.line(json: false).hasPrefix("ERR state pairing opens the control page") == true)
    }

    @Test func withoutAnAddressAPhoneReachesItIsRefused() throws {
        var replies: [String] = []
        _ = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(2), configure: Self.http("127.0.0.1")) { clock, loop in
            clock.at(.seconds(1), .run { replies.append(loop.answer("pair")) })
        }
        _ = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(3), configure: Self.http("127.0.0.1"), parts: Self.paired) {
            clock, loop in
            clock.at(.seconds(1), .run { replies.append(loop.answer("pair")) })
            clock.at(.seconds(2), .run { replies.append(loop.answer("pair host " + String(repeating: "a", count: 253))) })
            clock.at(.seconds(2), .run { _ = loop.answer("screen off") })
            clock.at(.seconds(2.5), .run { replies.append(loop.answer("pair host clock.local")) })
        }
        _ = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(3)) { _ in
        } schedule: { clock, loop in
            clock.at(.seconds(1), .run { replies.append(loop.answer("pair host clock.local")) })
        }
        #expect(
            replies == [
                "ERR state the HTTP API is not running",
                "ERR state [http] listens on 127.0.0.1, which a phone cannot reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)",
                "ERR too-long the page's address with its token is \("http://".count + 253 + ":8080/#token=".count + 32) bytes; a pairing code holds at most 256",
                "ERR state the screen is off; turn it on first (screen on)",
                "ERR state pairing opens the control page, which needs the HTTP API: add [http] with listen and token_file to the configuration",
            ])
    }
}

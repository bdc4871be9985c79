import FlipClockCore

/// `flipclock-bench --blur`: what motion blur costs. The scene's six cards flip once at
/// 60 Hz, every frame of the flip drawn sharp and then blurred (``FaceRenderer/motionBlur``),
/// the two interleaved round by round; the ratio is the blurred frame's time over the sharp one's.
enum BlurBench {
    static func run(_ scene: BenchScene, rounds: Int = 7) throws {
        let clock = ContinuousClock()
        let step = Duration.nanoseconds(16_666_667)
        let frames = Int((FlipTiming.standard.total / step).rounded(.up))
        var sharp: [Double] = [], blurred: [Double] = [], ratios: [Double] = []
        for _ in 0..<rounds {
            var times: [Double] = []
            for blur in [false, true] {
                var renderer = scene.renderer()
                renderer.motionBlur = blur
                _ = try renderer.frame(at: .zero)
                renderer.show(BenchScene.to, at: .zero)
                let elapsed = try clock.measure {
                    for frame in 1...frames { _ = try renderer.frame(at: step * frame) }
                }
                times.append(elapsed.seconds / Double(frames))
            }
            sharp.append(times[0])
            blurred.append(times[1])
            ratios.append(times[1] / times[0])
        }
        print("motion blur: a flip of six 240×360 cards at 60 Hz, \(frames) frames, \(rounds) rounds")
        print("| frame | median ms/frame |")
        print("|---|---|")
        print("| sharp | \(Bench.format(Bench.median(sharp) * 1000, 3)) |")
        print("| blurred | \(Bench.format(Bench.median(blurred) * 1000, 3)) |")
        print("RESULT blur_ratio=\(Bench.format(Bench.median(ratios), 2))")
    }
}

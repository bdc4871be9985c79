/// How long each half of a flip takes and how it is eased.
public struct FlipTiming: Equatable, Sendable {
    /// The first half, TopToMiddle: the current top turning from 0° to 90°.
    public var firstHalf: Duration
    /// The second half, MiddleToBottom: the next bottom turning from 90° to 180°.
    public var secondHalf: Duration
    public var firstEasing: Easing
    public var secondEasing: Easing
    /// How the flap lands: a small bounce off the stop after the second half, or none.
    public var landing: Landing

    public init(
        firstHalf: Duration = .milliseconds(250), secondHalf: Duration = .milliseconds(250),
        firstEasing: Easing = .easeIn, secondEasing: Easing = .easeOut, landing: Landing = .none
    ) {
        self.firstHalf = firstHalf
        self.secondHalf = secondHalf
        self.firstEasing = firstEasing
        self.secondEasing = secondEasing
        self.landing = landing
    }

    /// The configuration's: 250 ms a half, ease-in then ease-out, the subtle landing.
    public static let standard = FlipTiming(landing: .subtle)

    /// The same flip `factor` times as fast (a counter far behind its target).
    public func faster(by factor: Double) -> FlipTiming {
        var t = self
        t.firstHalf = firstHalf / factor
        t.secondHalf = secondHalf / factor
        t.landing = landing.faster(by: factor)
        return t
    }

    /// The whole flip, the landing's bounce included.
    public var total: Duration { firstHalf + secondHalf + landing.length }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}

/// How long each half of a flip takes and how it is eased.
public struct FlipTiming: Equatable, Sendable {
    /// The first half, TopToMiddle: the current top turning from 0° to 90°.
    public var firstHalf: Duration
    /// The second half, MiddleToBottom: the next bottom turning from 90° to 180°.
    public var secondHalf: Duration
    public var firstEasing: Easing
    public var secondEasing: Easing

    public init(
        firstHalf: Duration = .milliseconds(250), secondHalf: Duration = .milliseconds(250),
        firstEasing: Easing = .easeIn, secondEasing: Easing = .easeOut
    ) {
        self.firstHalf = firstHalf
        self.secondHalf = secondHalf
        self.firstEasing = firstEasing
        self.secondEasing = secondEasing
    }

    public static let standard = FlipTiming()

    /// The same flip `factor` times as fast (a counter far behind its target).
    public func faster(by factor: Double) -> FlipTiming {
        var t = self
        t.firstHalf = firstHalf / factor
        t.secondHalf = secondHalf / factor
        return t
    }

    public var total: Duration { firstHalf + secondHalf }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}

import Glibc

/// How a half-turn of the flap speeds up or slows down over its duration.
public enum Easing: String, CaseIterable, Sendable {
    case linear
    /// Starts slowly, as a flap leaving the top half under gravity.
    case easeIn = "ease-in"
    /// Ends slowly, as a flap settling on the bottom half.
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"

    /// Eased progress for linear progress `t` in `0...1`.
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}

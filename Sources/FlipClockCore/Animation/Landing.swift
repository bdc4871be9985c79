import Glibc

/// How a flap lands: it hits the stop on the bottom half and rebounds a little, a damped
/// spring against the stop, settling by the end of ``duration``.
///
/// The flap rises off the stop by `A·e^(−kt)·|sin(ωt)|`: ``bounces`` lobes over
/// ``duration``, each smaller, the first peaking at exactly ``degrees``, the spring's decay
/// leaving 2 % of the first rebound by the end, where the flap lies still on the stop.
public struct Landing: Equatable, Sendable {
    /// How far the flap rebounds off the stop at its first bounce, in degrees (0: no bounce).
    public var degrees: Double
    /// How long the flap bounces after it first lands.
    public var duration: Duration
    /// How many times the flap comes back to the stop.
    public static let bounces = 2.0

    public init(degrees: Double, duration: Duration) {
        self.degrees = degrees
        self.duration = duration
    }

    /// No bounce: the flap lands and lies still.
    public static let none = Landing(degrees: 0, duration: .zero)
    /// The standard flip's: 3°, settled in 120 ms.
    public static let subtle = Landing(degrees: 3, duration: .milliseconds(120))

    /// The time the landing takes: nothing when the flap does not bounce.
    public var length: Duration { degrees > 0 ? duration : .zero }

    /// How far, in degrees, the flap is off the stop `elapsed` after it first landed.
    public func rebound(after elapsed: Duration) -> Double {
        let total = duration.seconds
        guard degrees > 0, total > 0 else { return 0 }
        let t = elapsed.seconds
        guard t > 0, t < total else { return 0 }
        let omega = Double.pi * Self.bounces / total, decay = log(50) / total
        // The first lobe's peak: where tan(ωt) = ω/k.
        let peak = atan(omega / decay) / omega
        let amplitude = degrees / (exp(-decay * peak) * sin(omega * peak))
        return amplitude * exp(-decay * t) * abs(sin(omega * t))
    }

    /// The same landing `factor` times as fast.
    public func faster(by factor: Double) -> Landing {
        Landing(degrees: degrees, duration: duration / factor)
    }
}

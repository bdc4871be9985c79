/// How bright a reply says the screens are: `off`, `on`, or `dim 30%`.
public enum ScreenLevel: Equatable, Sendable, CustomStringConvertible {
    case off
    case on
    case dim(percent: Int)

    /// The level of a brightness from 0 (off) to 1 (on); anything between is dimmed, to the
    /// nearest percent.
    public init(_ brightness: Double) {
        self = brightness == 0 ? .off : brightness == 1 ? .on : .dim(percent: Int((brightness * 100).rounded()))
    }

    public var description: String {
        switch self {
        case .off: "off"
        case .on: "on"
        case .dim(let percent): "dim \(percent)%"
        }
    }
}

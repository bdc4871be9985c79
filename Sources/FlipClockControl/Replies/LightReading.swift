/// What `status` says of the light sensor (with `[light]`): the lux read last and the level
/// the room asks for, or why there is none.
public struct LightReading: Equatable, Sendable, CustomStringConvertible {
    /// `nil`: no reading (see ``problem``).
    public var lux: Double?
    /// The brightness the room asks for, in percent (the night schedule caps it).
    public var percent: Int?
    /// Why the sensor gave nothing, with the path.
    public var problem: String?

    public init(lux: Double?, percent: Int?, problem: String? = nil) {
        self.lux = lux
        self.percent = percent
        self.problem = problem
    }

    /// `12.5lx/33%`, or `none`.
    public var description: String {
        guard let lux, let percent else { return "none" }
        return "\(Self.format(lux))lx/\(percent)%"
    }

    /// Lux to a tenth.
    static func format(_ lux: Double) -> String {
        let tenths = Int((lux * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// `{"lux":12.5,"percent":33,"problem":null}`: the status's and MQTT's `B/light`.
    public var object: JSONValue {
        .object([
            "lux": lux.map { .number(($0 * 10).rounded() / 10) } ?? .null, "percent": percent.map { .integer($0) } ?? .null,
            "problem": problem.map { .string($0) } ?? .null,
        ])
    }
}

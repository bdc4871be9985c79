/// The three states of a flipping card, by the names of the seed (003).
public enum FlipPhase: String, Equatable, Sendable {
    /// Static top is the next value's top, static bottom the current bottom; the flap is
    /// the current top turning 0° → 90° toward the viewer.
    case topToMiddle = "TopToMiddle"
    /// The flap is the next value's bottom turning 90° → 180° and landing on the bottom half.
    case middleToBottom = "MiddleToBottom"
    /// Both halves show the value; the flap is hidden and the card is ready for the next change.
    case resetForNext = "ResetForNext"
}

/// Which half of a card image a picture is.
public enum CardHalf: Sendable, Hashable {
    case top
    case bottom
}

/// The moving part of a card in one frame.
public struct Flap: Equatable, Sendable {
    /// The value printed on the flap.
    public var value: String
    /// Which half of that value's face the flap shows.
    public var half: CardHalf
    /// 0° lying on the top half, 90° edge-on, 180° lying on the bottom half.
    public var angle: Double
    /// Where the flap was when the frame's exposure opened, when it is drawn blurred over
    /// it (``FaceRenderer/motionBlur``); `nil` for a flap drawn at its angle alone.
    public var sweptFrom: Double?

    public init(value: String, half: CardHalf, angle: Double, sweptFrom: Double? = nil) {
        self.value = value
        self.half = half
        self.angle = angle
        self.sweptFrom = sweptFrom
    }
}

/// What one card looks like in one frame: the two static halves and the flap, if any.
public struct CardPicture: Equatable, Sendable {
    public var phase: FlipPhase
    public var top: String
    public var bottom: String
    public var flap: Flap?

    public init(phase: FlipPhase, top: String, bottom: String, flap: Flap?) {
        self.phase = phase
        self.top = top
        self.bottom = bottom
        self.flap = flap
    }

    /// A card at rest showing `value`.
    public static func resting(_ value: String) -> CardPicture {
        CardPicture(phase: .resetForNext, top: value, bottom: value, flap: nil)
    }

    public var isMoving: Bool { flap != nil }

    /// The picture as it looks: a flap lying flat on a half is that half of a card at rest.
    ///
    /// Drawing a flat flap over the static half under it would blend their anti-aliased
    /// corners twice, a card a shade different from the same card at rest.
    public var appearance: CardPicture {
        guard let flap else { return self }
        if flap.angle <= 0, flap.half == .top, bottom == flap.value { return .resting(flap.value) }
        if flap.angle >= 180, flap.half == .bottom, top == flap.value { return .resting(flap.value) }
        return self
    }
}

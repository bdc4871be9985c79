/// A time face on an output: the cards, where they are, and how they flip.
///
/// The daemon and the preview drive the same scene: tell it the wall time whenever the time
/// shown changes (``show(_:at:)``), then draw frames while ``isMoving(at:)``.
public struct ClockScene: Sendable {
    public let face: TimeFace
    public private(set) var renderer: FaceRenderer

    public init(configuration: ClockConfiguration, width: Int, height: Int, showing time: WallTime, glyphs: any GlyphSource) {
        face = configuration.face
        renderer = FaceRenderer(
            layout: configuration.layout(width: width, height: height),
            values: configuration.face.values(at: time),
            style: configuration.style, glyphs: glyphs, timing: configuration.timing,
            lighting: CardLighting(strength: configuration.shading), perspective: configuration.perspective
        )
    }

    /// Shows `time` from `now` on; the cards whose value changed start to flip.
    public mutating func show(_ time: WallTime, at now: Duration) {
        renderer.show(face.values(at: time), at: now)
    }

    /// Draws the frame at `now`; returns what changed (nothing when the face is still).
    public mutating func frame(at now: Duration) throws -> [DamageRect] {
        try renderer.frame(at: now)
    }

    public func isMoving(at now: Duration) -> Bool { renderer.isMoving(at: now) }

    public var canvas: Canvas { renderer.canvas }
}

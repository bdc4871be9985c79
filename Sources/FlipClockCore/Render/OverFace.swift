/// A picture laid over each frame of a face (the pairing code, the lost-leader mark): the face
/// goes on underneath, and only what it changes is copied and the picture painted again there,
/// so a face at rest under it draws nothing.
///
/// A value; the picture itself (where it lies, how it is painted) is its owner's.
public struct OverFace: Sendable {
    /// Where the picture lies on the screen.
    public let area: DamageRect
    /// Whether the picture covers all of `area` (a change under it shows nothing).
    public let opaque: Bool
    /// The picture, `area`'s size: copied when opaque, else drawn over (premultiplied).
    private let image: Canvas
    /// The face with the picture over it as last shown; `nil` until the first frame.
    private var shown: Canvas?

    public init(_ image: Canvas, at area: DamageRect, opaque: Bool) {
        self.image = image
        self.area = area
        self.opaque = opaque
    }

    /// `face` with the picture over it.
    public func drawn(over face: Canvas) -> Canvas {
        var canvas = face
        paint(&canvas, clip: canvas.bounds)
        return canvas
    }

    /// The frame to show over `face`, of which `damage` changed since the last frame: the
    /// canvas and what changed on it (the whole face at the first frame, then what the face
    /// changed, the picture painted again where that touches it; with an opaque picture, none
    /// of what lies wholly under it).
    public mutating func frame(face: Canvas, damage: [DamageRect]) -> (canvas: Canvas, damage: [DamageRect]) {
        guard var canvas = shown, canvas.width == face.width, canvas.height == face.height else {
            let canvas = drawn(over: face)
            shown = canvas
            return (canvas, [face.bounds])
        }
        shown = nil  // The canvas is changed in place: one owner at a time.
        let seen = damage.map { $0.clipped(to: face.bounds) }.filter { !$0.isEmpty && !(opaque && $0.clipped(to: area) == $0) }
        for rect in seen {
            canvas.copy(face, x: 0, y: 0, clip: rect) { _ in 255 }
            paint(&canvas, clip: rect)
        }
        shown = canvas
        return (canvas, seen)
    }

    /// What the last frame showed (`face` with the picture over it before the first).
    public func shownOver(face: Canvas) -> Canvas { shown ?? drawn(over: face) }

    private func paint(_ canvas: inout Canvas, clip: DamageRect) {
        if opaque {
            canvas.copy(image, x: area.x, y: area.y, clip: clip) { _ in 255 }
        } else {
            canvas.draw(image, x: area.x, y: area.y, clip: clip)
        }
    }
}

/// A QR code over a face: black modules on white, a quiet zone of four modules around
/// them, each module a whole number of pixels, as large as fits in four fifths of the
/// screen's shorter side, centred.
///
/// The face goes on underneath: ``frame(face:damage:)`` takes each frame's face canvas and
/// damage and gives the canvas to show with the code on it, copying only what changed, so
/// a face at rest under the code draws nothing. ``drawn(over:)`` is the same picture made
/// whole, for tests and previews.
public struct PairingOverlay: Sendable {
    /// Modules of white around the code, as the QR standard asks for a reader to find it.
    public static let quietZone = 4
    /// The share of the screen's shorter side the code (with its quiet zone) may take.
    public static let share = 0.8

    /// Where the code and its quiet zone lie on the screen.
    public let area: DamageRect
    /// Pixels a module's side.
    public let scale: Int
    /// The code with its quiet zone, `area`'s size.
    private let image: Canvas
    /// The face with the code over it as last shown; `nil` until the first frame.
    private var shown: Canvas?

    /// `code` laid out on a `width × height` screen; `nil` if a module would be under a pixel.
    public init?(code: ModuleGrid, width: Int, height: Int) {
        let side = code.size + 2 * Self.quietZone
        scale = Int(Double(min(width, height)) * Self.share) / side
        guard scale >= 1 else { return nil }
        let pixels = side * scale
        area = DamageRect(x: (width - pixels) / 2, y: (height - pixels) / 2, width: pixels, height: pixels)
        var image = Canvas(width: pixels, height: pixels, fill: 0xFFFF_FFFF)
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                let at = (Self.quietZone + x) * scale, top = (Self.quietZone + y) * scale
                image.fill(DamageRect(x: at, y: top, width: scale, height: scale), with: 0xFF00_0000)
            }
        }
        self.image = image
    }

    /// `face` with the code over it.
    public func drawn(over face: Canvas) -> Canvas {
        var canvas = face
        canvas.copy(image, x: area.x, y: area.y, clip: canvas.bounds) { _ in 255 }
        return canvas
    }

    /// The frame to show over `face`, of which `damage` changed since the last frame: the
    /// canvas and what changed on it (the whole code at the first frame, then only what the
    /// face changed outside the code).
    public mutating func frame(face: Canvas, damage: [DamageRect]) -> (canvas: Canvas, damage: [DamageRect]) {
        guard var canvas = shown, canvas.width == face.width, canvas.height == face.height else {
            let canvas = drawn(over: face)
            shown = canvas
            return (canvas, [face.bounds])
        }
        shown = nil  // The canvas is changed in place: one owner at a time.
        let seen = damage.map { $0.clipped(to: face.bounds) }.filter { !$0.isEmpty && $0.clipped(to: area) != $0 }
        for rect in seen {
            canvas.copy(face, x: 0, y: 0, clip: rect) { _ in 255 }
            canvas.copy(image, x: area.x, y: area.y, clip: rect) { _ in 255 }
        }
        shown = canvas
        return (canvas, seen)
    }

    /// What the last frame showed (`face` with the code over it before the first).
    public func shownOver(face: Canvas) -> Canvas { shown ?? drawn(over: face) }
}

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

    /// Pixels a module's side.
    public let scale: Int
    /// The code with its quiet zone (opaque), over the face's frames.
    private var over: OverFace
    /// Where the code and its quiet zone lie on the screen.
    public var area: DamageRect { over.area }

    /// `code` laid out on a `width × height` screen; `nil` if a module would be under a pixel.
    public init?(code: ModuleGrid, width: Int, height: Int) {
        let side = code.size + 2 * Self.quietZone
        scale = Int(Double(min(width, height)) * Self.share) / side
        guard scale >= 1 else { return nil }
        let pixels = side * scale
        let area = DamageRect(x: (width - pixels) / 2, y: (height - pixels) / 2, width: pixels, height: pixels)
        var image = Canvas(width: pixels, height: pixels, fill: 0xFFFF_FFFF)
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                let at = (Self.quietZone + x) * scale, top = (Self.quietZone + y) * scale
                image.fill(DamageRect(x: at, y: top, width: scale, height: scale), with: 0xFF00_0000)
            }
        }
        over = OverFace(image, at: area, opaque: true)
    }

    /// `face` with the code over it.
    public func drawn(over face: Canvas) -> Canvas { over.drawn(over: face) }

    /// The frame to show over `face`, of which `damage` changed since the last frame: the
    /// whole code at the first frame, then only what the face changed outside the code
    /// (``OverFace/frame(face:damage:)``).
    public mutating func frame(face: Canvas, damage: [DamageRect]) -> (canvas: Canvas, damage: [DamageRect]) {
        over.frame(face: face, damage: damage)
    }

    /// What the last frame showed (`face` with the code over it before the first).
    public func shownOver(face: Canvas) -> Canvas { over.shownOver(face: face) }
}

import FlipClockCore
import FlipClockFont

/// The benchmark's scene: 1920×1080, six cards of 240×360 in a row, all turning from one
/// digit to the next at the same angle.
struct BenchScene {
    static let width = 1920, height = 1080
    static let cardWidth = 240, cardHeight = 360
    static let from = ["1", "2", "3", "4", "5", "6"], to = ["2", "3", "4", "5", "6", "7"]

    let layout: FaceLayout
    let configuration = ClockConfiguration()
    let font: FontFace

    init() throws {
        font = try FontFace(path: ClockConfiguration.defaultFontPath)
        let gap = 40
        let total = 6 * Self.cardWidth + 5 * gap
        let x0 = (Self.width - total) / 2, y0 = (Self.height - Self.cardHeight) / 2
        let slots = (0..<6).map { i in
            FaceLayout.Slot(rect: DamageRect(x: x0 + i * (Self.cardWidth + gap), y: y0, width: Self.cardWidth, height: Self.cardHeight))
        }
        layout = FaceLayout(
            width: Self.width, height: Self.height, slots: slots, vanishingX: Double(Self.width) / 2, vanishingY: Double(Self.height) / 2)
    }

    /// A renderer exactly as the daemon builds one for this layout.
    func renderer() -> FaceRenderer {
        FaceRenderer(
            layout: layout, values: Self.from, style: configuration.style, glyphs: font,
            timing: configuration.timing, lighting: CardLighting(strength: configuration.shading),
            perspective: configuration.perspective, vanishing: configuration.vanishing
        )
    }

    /// The angles of one whole turn, 0° to 180°, in `count` frames.
    static func angles(_ count: Int) -> [Double] {
        (0..<count).map { 180 * Double($0 + 1) / Double(count + 1) }
    }

    static func pictures(at angle: Double) -> [CardPicture] {
        zip(from, to).map { ContactSheet.pose(from: $0, to: $1, angle: angle) }
    }

    /// The geometry of card `i`'s flap, as the renderer sets it up.
    func geometry(_ i: Int) -> FlapGeometry {
        FlapGeometry(card: layout.slots[i].rect, in: layout, perspective: configuration.perspective, vanishing: configuration.vanishing)
    }
}

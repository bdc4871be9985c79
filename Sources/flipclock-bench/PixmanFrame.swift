import CPixman
import FlipClockCore
import Glibc

/// The same frame drawn by pixman, the reference: the background and static halves copied,
/// each flap composited with a projective transform and a bilinear filter.
///
/// Two things keep the reference fair. Pixman's projective fetch wraps negative coordinates
/// and paints stray rows, so each flap is composited only over the pixels it covers (a clip
/// region, a span per row) and its source carries two transparent pixels on every side. And its
/// 16.16 matrix loses up to 1.3 px unless the matrix, defined up to scale, is scaled so its
/// largest entry is near 30000 before conversion.
final class PixmanFrame {
    let scene: BenchScene
    let destination: OpaquePointer
    private var pixels: [UInt32]
    /// Per card: the opaque static top and bottom, the flap's top and bottom (padded).
    private var images: [(staticTop: OpaquePointer, staticBottom: OpaquePointer, flapTop: OpaquePointer, flapBottom: OpaquePointer)] = []
    private var storage: [[UInt32]] = []
    static let padding = 2

    init(scene: BenchScene) throws {
        self.scene = scene
        pixels = Array(repeating: scene.configuration.style.background.pixel, count: BenchScene.width * BenchScene.height)
        destination = pixels.withUnsafeMutableBufferPointer {
            pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(BenchScene.width), Int32(BenchScene.height), $0.baseAddress, Int32(BenchScene.width * 4))
        }
        var cache = CardImageCache(style: scene.configuration.style, glyphs: scene.font, shading: scene.configuration.shading)
        for i in 0..<6 {
            let from = try cache.image(BenchScene.from[i], width: BenchScene.cardWidth, height: BenchScene.cardHeight)
            let to = try cache.image(BenchScene.to[i], width: BenchScene.cardWidth, height: BenchScene.cardHeight)
            images.append((image(to.opaque(.top)), image(from.opaque(.bottom)), image(from.top, padded: true), image(to.bottom, padded: true)))
        }
    }

    deinit {
        for i in images {
            for p in [i.staticTop, i.staticBottom, i.flapTop, i.flapBottom] { pixman_image_unref(p) }
        }
        pixman_image_unref(destination)
    }

    /// A pixman image of `canvas`; a flap's is padded with transparent pixels on every side.
    private func image(_ canvas: Canvas, padded: Bool = false) -> OpaquePointer {
        let pad = padded ? Self.padding : 0
        let width = canvas.width + 2 * pad, height = canvas.height + 2 * pad
        var bits = [UInt32](repeating: 0, count: width * height)
        for y in 0..<canvas.height {
            bits.replaceSubrange(
                (y + pad) * width + pad..<(y + pad) * width + pad + canvas.width, with: canvas.pixels[y * canvas.width..<(y + 1) * canvas.width])
        }
        storage.append(bits)
        let index = storage.count - 1
        return storage[index].withUnsafeMutableBufferPointer {
            pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), $0.baseAddress, Int32(width * 4))
        }
    }

    /// The pixels pixman drew.
    var canvas: Canvas { Canvas(width: BenchScene.width, height: BenchScene.height, pixels: pixels) }

    /// Draws the frame with every card's flap at `angle`.
    func draw(angle: Double) {
        let background = scene.configuration.style.background
        var color = pixman_color_t(
            red: UInt16(background.red) * 257, green: UInt16(background.green) * 257, blue: UInt16(background.blue) * 257, alpha: 0xFFFF
        )
        let projections = (0..<6).map { FlapProjection(geometry: scene.geometry($0), angle: angle) }
        // As ours does: all the background, then all static halves, then all flaps, so a flap
        // overhanging a neighbour is not painted over.
        for i in 0..<6 {
            let area = scene.layout.slots[i].rect.union(projections[i].bounds)
            var box = pixman_box32_t(x1: Int32(area.x), y1: Int32(area.y), x2: Int32(area.maxX), y2: Int32(area.maxY))
            pixman_image_fill_boxes(PIXMAN_OP_SRC, destination, &color, 1, &box)
        }
        for i in 0..<6 {
            let card = scene.layout.slots[i].rect
            let half = card.height / 2
            pixman_image_composite32(
                PIXMAN_OP_SRC, images[i].staticTop, nil, destination, 0, 0, 0, 0, Int32(card.x), Int32(card.y), Int32(card.width), Int32(half))
            pixman_image_composite32(
                PIXMAN_OP_SRC, images[i].staticBottom, nil, destination, 0, 0, 0, 0, Int32(card.x), Int32(card.y + half), Int32(card.width),
                Int32(half))
        }
        for i in 0..<6 { flap(i, projection: projections[i]) }
    }

    private func flap(_ i: Int, projection: FlapProjection) {
        let g = projection.geometry
        let top = projection.angle < 90
        let source = top ? images[i].flapTop : images[i].flapBottom
        let bounds = projection.bounds
        guard let inverse = Self.inverse(Self.forward(g, angle: projection.angle, top: top)) else { return }
        let largest = inverse.map(abs).max()!
        var scaled = inverse.map { $0 * 30000 / largest }
        var transform = pixman_transform_t()
        scaled.withUnsafeMutableBufferPointer { flipclock_pixman_set_matrix(&transform, $0.baseAddress) }
        pixman_image_set_transform(source, &transform)
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        // Only the pixels the flap covers, row by row: outside them pixman's projective fetch
        // reads negative columns as the end of the row before.
        var spans: [pixman_box32_t] = []
        for y in bounds.y..<bounds.maxY {
            let ra = projection.distance(atScreenY: Double(y)), rz = projection.distance(atScreenY: Double(y + 1))
            guard max(ra, rz) >= 0, min(ra, rz) <= g.halfHeight else { continue }
            let s = projection.scale(atDistance: min(max((ra + rz) / 2, 0), g.halfHeight))
            let left = g.vanishingX + (g.cardX - g.vanishingX) * s, right = g.vanishingX + (g.cardX + g.cardWidth - g.vanishingX) * s
            spans.append(pixman_box32_t(x1: Int32(left.rounded(.down)) - 1, y1: Int32(y), x2: Int32(right.rounded(.up)) + 1, y2: Int32(y + 1)))
        }
        var region = pixman_region32_t()
        pixman_region32_init_rects(&region, spans, Int32(spans.count))
        pixman_image_set_clip_region32(destination, &region)
        // Source coordinates are the transform of absolute screen positions: pass the
        // destination origin as the source origin.
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, nil, destination, Int32(bounds.x), Int32(bounds.y), 0, 0,
            Int32(bounds.x), Int32(bounds.y), Int32(bounds.width), Int32(bounds.height)
        )
        pixman_image_set_clip_region32(destination, nil)
        pixman_region32_fini(&region)
    }

    /// The homography from the padded flap image (column u', row t') to the screen, row-major.
    ///
    /// A flap point at distance r from the hinge lands at X = cx + (x − cx)·s,
    /// Y = cy + (hingeY − r·cos θ − cy)·s with s = D / (D − r·sin θ); multiplying through by
    /// W = D − r·sin θ makes it linear in (u, t, 1).
    static func forward(_ g: FlapGeometry, angle: Double, top: Bool) -> [Double] {
        let theta = angle * .pi / 180
        let (sn, cs) = (sin(theta), cos(theta))
        let (d, h, cx, cy) = (g.eyeDistance, g.halfHeight, g.vanishingX, g.vanishingY)
        let p = Double(padding)
        // r as a function of the padded row t': top half r = h − (t' − p), bottom half r = t' − p.
        let (rt, r0) = top ? (-1.0, h + p) : (1.0, -p)
        // W = D − r·sin θ; XW = cx·W + (cardX + u − cx)·D with u = u' − p; YW = cy·W + (hingeY − r·cos θ − cy)·D.
        let w = [0, -rt * sn, d - r0 * sn]
        let x = [d, cx * w[1], cx * w[2] + (g.cardX - p - cx) * d]
        let y = [0, cy * w[1] - rt * cs * d, cy * w[2] + (g.hingeY - r0 * cs - cy) * d]
        return x + y + w
    }

    static func inverse(_ m: [Double]) -> [Double]? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-12 else { return nil }
        return [
            (e * i - f * h), -(b * i - c * h), (b * f - c * e),
            -(d * i - f * g), (a * i - c * g), -(a * f - c * d),
            (d * h - e * g), -(a * h - b * g), (a * e - b * d),
        ].map { $0 / det }
    }
}

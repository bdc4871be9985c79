import CPNG
import FlipClockCore

/// PNG files through libpng's simplified API.
public enum PNGFile {
    /// Writes an opaque canvas as 8-bit RGB.
    ///
    /// The corresponding C function is `png_image_write_to_file`.
    public static func write(_ canvas: Canvas, to path: String) throws(PNGError) {
        var image = png_image()
        image.version = flipclock_png_image_version()
        image.width = png_uint_32(canvas.width)
        image.height = png_uint_32(canvas.height)
        image.format = flipclock_png_format_rgb()
        var rgb = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        for (i, p) in canvas.pixels.enumerated() {
            rgb[3 * i] = UInt8((p >> 16) & 0xFF)
            rgb[3 * i + 1] = UInt8((p >> 8) & 0xFF)
            rgb[3 * i + 2] = UInt8(p & 0xFF)
        }
        let ok = rgb.withUnsafeBytes { png_image_write_to_file(&image, path, 0, $0.baseAddress, 0, nil) }
        defer { png_image_free(&image) }
        if ok == 0 { throw PNGError(operation: .write, path: path, message: message(of: &image)) }
    }

    /// Reads a PNG of any format as opaque-or-premultiplied pixels.
    ///
    /// The corresponding C functions are `png_image_begin_read_from_file` and `png_image_finish_read`.
    public static func read(_ path: String) throws(PNGError) -> Canvas {
        var image = png_image()
        image.version = flipclock_png_image_version()
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let text = message(of: &image)
            png_image_free(&image)
            throw PNGError(operation: .read, path: path, message: text)
        }
        image.format = flipclock_png_format_bgra()
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        defer { png_image_free(&image) }
        if ok == 0 { throw PNGError(operation: .read, path: path, message: message(of: &image)) }
        // libpng hands BGRA bytes: on a little-endian machine that is 0xAARRGGBB already.
        for i in pixels.indices {
            let p = UInt32(littleEndian: pixels[i])
            pixels[i] = p >> 24 == 255 ? p : PixelMath.scale(p & 0x00FF_FFFF, by: p >> 24) | (p & 0xFF00_0000)
        }
        return Canvas(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

import CPNG
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// PNG files through libpng's simplified API, on files this opens and closes itself: a failure
/// of the file keeps its code (``PNGError/Reason/file(_:)``), libpng's are about the data.
public enum PNGFile {
    /// Writes an opaque canvas as 8-bit RGB; a file that cannot be written whole is removed.
    ///
    /// The corresponding C functions are `fopen`, `png_image_write_to_stdio` and `fclose`.
    public static func write(_ canvas: Canvas, to path: String) throws(PNGError) {
        var image = header(canvas)
        let rgb = rgb(canvas)
        guard let file = fopen(path, "wb") else { throw PNGError(operation: .write, path: path, reason: .file(.current)) }
        let ok = rgb.withUnsafeBytes { png_image_write_to_stdio(&image, file, 0, $0.baseAddress, 0, nil) }
        defer { png_image_free(&image) }
        // Flushed and closed here, so a full disk is this call's failure, not a short file's.
        var failure: PNGError.Reason?
        if ok == 0 {
            failure = .libpng(message(of: &image))
        } else if fflush(file) != 0 || ferror(file) != 0 {
            failure = .file(.current)
        }
        if fclose(file) != 0, failure == nil { failure = .file(.current) }
        if let failure {
            remove(path)
            throw PNGError(operation: .write, path: path, reason: failure)
        }
    }

    /// An opaque canvas as the bytes of an 8-bit RGB PNG file, made in memory in one pass
    /// (`name` is what an error calls it).
    ///
    /// The corresponding C function is `png_image_write_to_memory`.
    public static func encode(_ canvas: Canvas, name: String) throws(PNGError) -> [UInt8] {
        var image = header(canvas)
        let rgb = rgb(canvas)
        var size = flipclock_png_size_max(&image)
        var bytes = [UInt8](repeating: 0, count: size)
        let ok = bytes.withUnsafeMutableBytes { out in
            rgb.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        defer { png_image_free(&image) }
        if ok == 0 { throw PNGError(operation: .write, path: name, reason: .libpng(message(of: &image))) }
        bytes.removeLast(bytes.count - size)
        return bytes
    }

    /// libpng's description of `canvas` as 8-bit RGB.
    private static func header(_ canvas: Canvas) -> png_image {
        var image = png_image()
        image.version = flipclock_png_image_version()
        image.width = png_uint_32(canvas.width)
        image.height = png_uint_32(canvas.height)
        image.format = flipclock_png_format_rgb()
        return image
    }

    /// The canvas's pixels as R, G, B bytes.
    private static func rgb(_ canvas: Canvas) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: canvas.pixels.count * 3) { rgb, count in
            for (i, p) in canvas.pixels.enumerated() {
                rgb[3 * i] = UInt8((p >> 16) & 0xFF)
                rgb[3 * i + 1] = UInt8((p >> 8) & 0xFF)
                rgb[3 * i + 2] = UInt8(p & 0xFF)
            }
            count = canvas.pixels.count * 3
        }
    }

    /// Reads a PNG of any format as opaque-or-premultiplied pixels.
    ///
    /// The corresponding C functions are `fopen`, `png_image_begin_read_from_stdio` and
    /// `png_image_finish_read`.
    public static func read(_ path: String) throws(PNGError) -> Canvas {
        guard let file = fopen(path, "rb") else { throw PNGError(operation: .read, path: path, reason: .file(.current)) }
        defer { fclose(file) }
        var image = png_image()
        image.version = flipclock_png_image_version()
        guard png_image_begin_read_from_stdio(&image, file) != 0 else {
            let text = message(of: &image)
            png_image_free(&image)
            throw PNGError(operation: .read, path: path, reason: .libpng(text))
        }
        image.format = flipclock_png_format_bgra()
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        defer { png_image_free(&image) }
        if ok == 0 { throw PNGError(operation: .read, path: path, reason: .libpng(message(of: &image))) }
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

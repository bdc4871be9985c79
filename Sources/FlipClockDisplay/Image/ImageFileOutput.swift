import FlipClockCore

#if canImport(Glibc)
import Glibc
#endif

/// The image output for the daemon: every presented frame replaces `DIR/current.png`,
/// atomically (written aside, then renamed), so a viewer never reads half a file.
public final class ImageFileOutput: FrameOutput {
    public let directory: String
    public let size: PixelSize
    public let refreshRate: Double
    public var eventDescriptor: Int32? { nil }
    public var name: String { "\(path) \(size)" }
    public var path: String { directory + "/current.png" }

    public init(directory: String, size: PixelSize, framesPerSecond: Double = 30) throws(DisplayError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw .cannotOpen(path: directory, reason: errnoText()) }
        self.directory = directory
        self.size = size
        refreshRate = framesPerSecond
    }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(DisplayError) {
        let temporary = directory + "/.current.png.tmp"
        do {
            try PNGFile.write(canvas, to: temporary)
        } catch {
            throw .call(function: "png_image_write_to_file", device: temporary, reason: error.message)
        }
        try systemCall("rename", device: path) { rename(temporary, path) }
    }

    public func handleEvents() throws(DisplayError) {}
    public func suspend() {}
    public func resume() throws(DisplayError) {}
    public func close() {}
}

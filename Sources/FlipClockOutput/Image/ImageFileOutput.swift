import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// The image output for the daemon: every presented frame replaces `DIR/current.png`,
/// atomically (written aside, then renamed), so a viewer never reads half a file. The picture
/// is turned by ``rotation`` as a screen's would be.
public final class ImageFileOutput: FrameOutput {
    public let directory: String
    public var size: PixelSize { memory.size }
    public var rotation: ScreenRotation { memory.rotation }
    public var refreshRate: Double { memory.refreshRate }
    public var eventDescriptor: Int32? { nil }
    public var name: String { "\(path) \(size)" }
    public var path: String { directory + "/current.png" }
    /// The picture's mode: the daemon's user and group (the control socket's) read it.
    public static let mode: mode_t = 0o640

    /// The output's pixels, as the file shows them.
    private let memory: MemoryOutput

    /// `size` is the image's own size; the face is drawn on it turned by `rotation`.
    public init(directory: String, size: PixelSize, rotation: ScreenRotation = .none, framesPerSecond: Double = 30) throws(OutputError) {
        do {
            try valueOrErrno { mkdir(directory, 0o755) }
        } catch {
            // A folder already there is the one to write in.
            guard error == .fileExists else { throw .cannotOpen(path: directory, errno: error) }
        }
        self.directory = directory
        memory = MemoryOutput(size: size, rotation: rotation, refreshRate: framesPerSecond)
    }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        let temporary = directory + "/.current.png.tmp"
        try memory.present(canvas, damage: damage)
        // Made 0640 before a byte is in it: the picture may hold the pairing code, and so the
        // control page's token, which only the daemon's user and group may read.
        unlink(temporary)
        let made = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.mode)
        guard made >= 0 else { throw .image(PNGError(operation: .write, path: temporary, reason: .file(.current))) }
        Glibc.close(made)
        do {
            try PNGFile.write(memory.picture, to: temporary)
        } catch {
            throw .image(error)
        }
        try systemCall("rename", device: path) { rename(temporary, path) }
    }

    public func handleEvents() throws(OutputError) {}
    public func suspend() {}
    public func resume() throws(OutputError) {}
    public func close() {}
}

import FlipClockCore
import FlipClockOutput
import Foundation
import SystemPackage
import Testing

/// A PNG file's failure keeps the file's code; libpng's own are about the data.
@Suite struct PNGErrorTests {
    @Test func aMissingFileKeepsItsCode() {
        let error = PNGError(operation: .read, path: "/nonexistent/frame.png", reason: .file(.noSuchFileOrDirectory))
        #expect(throws: error) { try PNGFile.read("/nonexistent/frame.png") }
        #expect(error.description == "cannot read PNG /nonexistent/frame.png: No such file or directory")
        #expect(error.code == .noSuchFileOrDirectory)
        #expect(throws: PNGError(operation: .write, path: "/nonexistent/frame.png", reason: .file(.noSuchFileOrDirectory))) {
            try PNGFile.write(Canvas(width: 2, height: 2), to: "/nonexistent/frame.png")
        }
    }

    @Test func aFileThatIsNotAPNGIsLibpngsSay() throws {
        let path = NSTemporaryDirectory() + "flipclock-not-a-png-\(UUID().uuidString).png"
        try Data("this is not a picture".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = PNGError(operation: .read, path: path, reason: .libpng("Not a PNG file"))
        #expect(throws: error) { try PNGFile.read(path) }
        #expect(error.description == "cannot read PNG \(path): Not a PNG file")
        #expect(error.code == nil)
    }

    /// The image output's folder taken away under it: a frame's failure, waited out.
    @Test func aFrameTheImageOutputCannotWriteSaysWhere() throws {
        let dir = NSTemporaryDirectory() + "flipclock-image-\(UUID().uuidString)"
        let output = try ImageFileOutput(directory: dir, size: PixelSize(width: 4, height: 4))
        try FileManager.default.removeItem(atPath: dir)
        let canvas = Canvas(width: 4, height: 4)
        let error = OutputError.image(PNGError(operation: .write, path: dir + "/.current.png.tmp", reason: .file(.noSuchFileOrDirectory)))
        #expect(throws: error) { try output.present(canvas, damage: [canvas.bounds]) }
        #expect(error.description == "cannot write PNG \(dir)/.current.png.tmp: No such file or directory")
        #expect(error.isTransient)
    }

    /// The picture may hold the pairing code (the control page's token): only the daemon's
    /// user and group read it, whatever the umask.
    @Test func theImageIsReadByTheDaemonsUserAndGroupOnly() throws {
        let dir = NSTemporaryDirectory() + "flipclock-image-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try ImageFileOutput(directory: dir, size: PixelSize(width: 4, height: 4))
        let canvas = Canvas(width: 4, height: 4)
        let old = umask(0o022)
        defer { umask(old) }
        try output.present(canvas, damage: [canvas.bounds])
        var info = stat()
        #expect(stat(output.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o640)
    }
}

import FlipClockCore
import Glibc
import Logging
import SystemPackage

/// `flipclockd --frame-log PATH`: one line for each frame in which what the game's items show
/// changed, `<wall_ns> due=<ns> game=<text> shot=<text> period=<n>` (`-`: dark cards, or no
/// such item), the wall clock's nanoseconds just after the frame was drawn and presented, and
/// the wall instant the loop woke for (the change the state said was next: `-` for a frame
/// drawn for anything else, a request, a flip's frame). Screens of one match work out the
/// same instants from the same state; how late each presents them is the machine's. The frame drawn
/// for the change counts even when its cards have not moved a pixel yet (a flip's first
/// instant, which presents nothing new): so the line is at the change's frame on every screen,
/// whatever its size. For tests and diagnosis: screens of one match compare their lines
/// (Tests/System/Match).
///
/// Bounded: a line only on a change (at most one a tenth of a second while a clock shows
/// tenths), the file opened once and appended to; a write that fails is logged once and the
/// log dropped. Never fatal: the clock runs on without it.
public final class FrameLog {
    public let path: String
    private var descriptor: FileDescriptor?
    /// The texts of the last line written.
    private var last: String?
    private let logger: Logger

    /// Opens (creates, appends to) `path`; `nil`, with an error logged naming the file and
    /// what is wrong, if it cannot be.
    public init?(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .append, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            logger.error("cannot open the frame log: frames are not logged", metadata: ["path": "\(path)", "error": "\(error)"])
            return nil
        }
    }

    deinit { try? descriptor?.close() }

    /// The line's texts for the game's `faces` (``ClockState/gameFaces(at:)``).
    static func texts(_ faces: [String: String?]) -> String {
        func shown(_ name: String) -> String {
            guard let text = faces[name] ?? nil, !text.isEmpty else { return "-" }
            return text.replacing(" ", with: "_")
        }
        return "game=\(shown("game")) shot=\(shown("shot")) period=\(shown("period"))"
    }

    /// A frame showing the game's `faces` was drawn at `wall`, for the change due at `due`: a
    /// line if they changed.
    func drew(_ faces: [String: String?], at wall: WallInstant, due: WallInstant?) {
        guard let descriptor else { return }
        let texts = Self.texts(faces)
        guard texts != last else { return }
        last = texts
        let line = "\(wall.nanosecondsSince1970) due=\(due.map { "\($0.nanosecondsSince1970)" } ?? "-") \(texts)\n"
        do {
            _ = try descriptor.writeAll(line.utf8)
        } catch {
            logger.error("cannot write the frame log: frames are no longer logged", metadata: ["path": "\(path)", "error": "\(error)"])
            try? descriptor.close()
            self.descriptor = nil
        }
    }
}

import CLinux
import FlipClockSystem
import Glibc
import Synchronization

/// A reload prepared on a thread of its own (the file read and parsed, its parser's child
/// process waited for, the font opened and checked) while the loop draws and answers; an
/// eventfd the loop polls says it is ready, and the loop takes it on its own thread.
final class ReloadThread: Sendable {
    /// Readable once the reload is prepared.
    let descriptor: Int32
    /// What the preparation gave, until the loop takes it (a font is used by one thread at a
    /// time: this one, then the loop's).
    private let outcome = Mutex<Outcome?>(nil)
    private struct Outcome: @unchecked Sendable {
        var result: Result<ClockLoop.Reload.Prepared, any Error>
    }

    /// Starts preparing; `nil` if no eventfd could be made (out of descriptors).
    init?(_ prepare: @escaping @Sendable () throws -> ClockLoop.Reload.Prepared) {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        // The thread keeps this alive until it has said so: the descriptor is never closed under it.
        NamedThread.start(name: "reload") { [self] in
            let result = Result { try prepare() }
            outcome.withLock { $0 = Outcome(result: result) }
            var one: UInt64 = 1
            _ = write(descriptor, &one, 8)
        }
    }

    deinit { close(descriptor) }

    /// The prepared reload, once it is ready; `nil` before.
    func take() -> Result<ClockLoop.Reload.Prepared, any Error>? {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return outcome.withLock { taken in
            defer { taken = nil }
            return taken?.result
        }
    }
}

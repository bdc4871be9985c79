import FlipClockSystem
import Glibc
import SystemPackage

/// Runs a C call as ``valueOrErrno(_:)`` does and throws its failure as a ``OutputError``
/// naming `function` and `device`.
@discardableResult
func systemCall<T: BinaryInteger>(_ function: String, device: String, _ body: () -> T) throws(OutputError) -> T {
    do {
        return try valueOrErrno(body)
    } catch {
        throw .call(function: function, device: device, errno: error)
    }
}

/// Opens `path` with `flags` (`O_CLOEXEC` added); a failure is ``OutputError/cannotOpen(path:errno:)``.
func openFile(_ path: String, _ flags: Int32) throws(OutputError) -> Int32 {
    do {
        return try valueOrErrno { open(path, flags | O_CLOEXEC) }
    } catch {
        throw .cannotOpen(path: path, errno: error)
    }
}

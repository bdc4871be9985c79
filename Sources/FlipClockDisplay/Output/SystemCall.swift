#if canImport(Glibc)
import Glibc
#endif

/// The text of the current `errno`.
public func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Runs a C call that returns a negative value (or -1 with `errno`) on failure, retrying
/// `EINTR`, and throws the failure as a ``DisplayError``.
@discardableResult
func systemCall<T: BinaryInteger>(_ function: String, device: String, _ body: () -> T) throws(DisplayError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        // libdrm returns -errno; libc returns -1 and sets errno.
        let code = result == -1 ? errno : Int32(truncatingIfNeeded: -Int64(result))
        if code == EINTR { continue }
        throw .call(function: function, device: device, reason: errnoText(code))
    }
}

import Glibc
import SystemPackage

extension Errno {
    /// The calling thread's `errno`: read it right after the call that failed, before another
    /// call (a `close` on the way out) changes it.
    ///
    /// swift-system keeps its own `Errno.current` internal.
    public static var current: Errno { Errno(rawValue: errno) }
}

/// Runs a libc or libdrm call that fails with a negative result, retrying `EINTR`, and throws
/// the failure's code.
///
/// libc returns -1 and sets `errno`; libdrm's ioctl wrappers return `-errno`. This is where
/// their failures become Swift errors, as swift-system's `valueOrErrno` is for its calls.
@discardableResult
public func valueOrErrno<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = result == -1 ? Errno.current : Errno(rawValue: Int32(truncatingIfNeeded: -Int64(result)))
        if code != .interrupted { throw code }
    }
}

/// All that is left to read from `fd`, up to its end; `nil` if that is more than `limit`
/// bytes (nothing more is read). `EINTR` is retried.
public func readAll(_ fd: Int32, limit: Int) throws(Errno) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = try valueOrErrno { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        if count == 0 { return bytes }
        guard bytes.count + count <= limit else { return nil }
        bytes += chunk[..<count]
    }
}

/// The whole of the file at `path`, read as ``readAll(_:limit:)`` reads it; `nil` if it is more
/// than `limit` bytes. What `open` or `read` fails with is thrown.
public func readFile(_ path: String, limit: Int) throws(Errno) -> [UInt8]? {
    let fd = try valueOrErrno { open(path, O_RDONLY | O_CLOEXEC) }
    defer { close(fd) }
    return try readAll(fd, limit: limit)
}

import Glibc

/// Standard error, where `flipclockctl` prints refusals and why it could not ask.
///
/// Written with `write(2)` rather than Foundation's `FileHandle`, which links all of
/// Foundation; the daemon's own `StandardError` is in the module this client does not link.
enum StandardError {
    /// Writes `text` whole (retrying short writes and `EINTR`); a closed descriptor loses it.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

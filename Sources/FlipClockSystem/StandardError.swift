import Glibc

/// The process's standard error, where the commands say what stopped them (and where
/// systemd's journal reads the daemon's lines).
///
/// Written with `write(2)` rather than Foundation's `FileHandle`, which links all of
/// Foundation and its ICU data (some 44 MB) into the static binary.
public enum StandardError {
    /// Writes `text` whole (retrying short writes and `EINTR`); a closed descriptor loses it.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            guard let written = try? valueOrErrno({ bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) } }), written > 0
            else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

import CLinux
import Glibc

/// A folder watched (inotify) for files in it being written, created, replaced or relinked.
///
/// Watching the folder rather than the file sees a file that editors or `timedatectl`
/// replace by renaming a new one over it.
final class FolderWatch {
    let descriptor: Int32

    /// `nil` if the folder cannot be watched (it does not exist, or inotify is unavailable).
    init?(folder: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        guard inotify_add_watch(fd, folder.isEmpty ? "." : folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ATTRIB)) >= 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads every pending event: the names of the files they were about.
    func changedNames() -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var names = Set<String>()
        while true {
            let n = read(descriptor, &buffer, buffer.count)
            guard n > 0 else { return names }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + MemoryLayout<inotify_event>.size
                names.insert(String(decoding: buffer[start..<min(start + length, n)].prefix { $0 != 0 }, as: UTF8.self))
                offset = start + length
            }
        }
    }
}

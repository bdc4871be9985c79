import Glibc

extension sockaddr_un {
    /// The address of a Unix socket at `path`, or of an abstract one for a path starting
    /// with `@`; `nil` if the path does not fit.
    public init?(path: String) {
        self.init()
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: sun_path) else { return nil }
        sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
    }

    /// The length to pass with this address: to the end of the path, and its NUL for a file path.
    public func length(for path: String) -> socklen_t {
        socklen_t(MemoryLayout<sa_family_t>.size + path.utf8.count + (path.hasPrefix("@") ? 0 : 1))
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    public mutating func withSocketAddress<T>(path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = length(for: path)
        return withUnsafePointer(to: &self) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }
}

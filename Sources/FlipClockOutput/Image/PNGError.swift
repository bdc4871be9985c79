import SystemPackage

/// Why a PNG file could not be written or read: the path, and the file's code or libpng's message.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case write
        case read
    }

    /// What went wrong: the file (opening, writing or closing it: its code), or the picture
    /// (libpng's message about the data).
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        case file(Errno)
        case libpng(String)

        public var description: String {
            switch self {
            case let .file(errno): errno.description
            case let .libpng(message): message
            }
        }
    }

    public var operation: Operation
    public var path: String
    public var reason: Reason

    public init(operation: Operation, path: String, reason: Reason) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// The file's code, if the file is what failed.
    public var code: Errno? {
        if case let .file(errno) = reason { errno } else { nil }
    }

    public var description: String { "cannot \(operation.rawValue) PNG \(path): \(reason)" }
}

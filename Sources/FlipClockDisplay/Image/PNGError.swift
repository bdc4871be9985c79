/// Why a PNG file could not be written or read: the path and libpng's message.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case write
        case read
    }

    public var operation: Operation
    public var path: String
    public var message: String

    public init(operation: Operation, path: String, message: String) {
        self.operation = operation
        self.path = path
        self.message = message
    }

    public var description: String { "cannot \(operation.rawValue) PNG \(path): \(message)" }
}

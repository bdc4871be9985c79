/// A place in a configuration file: 1-based line and column.
public struct FileLocation: Equatable, Hashable, Sendable, CustomStringConvertible, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: FileLocation, b: FileLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

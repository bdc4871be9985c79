import CFreeType

/// A FreeType error code (`FT_Error`), described as FreeType's own table would; Debian's
/// FreeType is built without `FT_Error_String`'s table.
public struct FreeTypeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code FreeType returned (`FT_Err_*`).
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `FT_Err_Unknown_File_Format`: the file is no font FreeType knows.
    public static let unknownFileFormat = FreeTypeError(rawValue: 0x02)

    public var description: String {
        if let s = FT_Error_String(rawValue) { return String(cString: s) }
        switch rawValue {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x05: return "module version is too low"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within table"
        case 0x10: return "invalid glyph index"
        case 0x11: return "invalid character code"
        case 0x12: return "unsupported glyph image format"
        case 0x13: return "cannot render this glyph format"
        case 0x14: return "invalid outline"
        case 0x17: return "invalid pixel size"
        case 0x40: return "out of memory"
        case 0x51: return "invalid stream operation"
        case 0x55: return "invalid stream read"
        case 0x57: return "invalid frame read"
        case 0x58: return "invalid stream seek"
        case 0x59: return "invalid stream skip"
        default: return "FreeType error 0x" + String(rawValue, radix: 16)
        }
    }

    /// Throws a FreeType call's non-zero result as `failure(code)`: where FreeType's failures
    /// become Swift errors (FreeType retries nothing and has no `EINTR`).
    static func check(_ error: FT_Error, _ failure: (FreeTypeError) -> FontError) throws(FontError) {
        if error != 0 { throw failure(FreeTypeError(rawValue: error)) }
    }
}

import CFreeType

/// FreeType's error codes as text; Debian's FreeType is built without `FT_Error_String`'s table.
enum FreeTypeError {
    static func describe(_ error: FT_Error) -> String {
        if let s = FT_Error_String(error) { return String(cString: s) }
        switch error {
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
        default: return "FreeType error 0x" + String(error, radix: 16)
        }
    }

    /// Runs a FreeType call and turns a non-zero result into `failure(text)`.
    static func check(_ error: FT_Error, _ failure: (String) -> FontError) throws(FontError) {
        if error != 0 { throw failure(describe(error)) }
    }
}

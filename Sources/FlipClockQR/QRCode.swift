import CQRencode
import FlipClockCore
import FlipClockSystem
import SystemPackage

/// A text made into a QR code by libqrencode: 8-bit mode, error correction level M (a
/// fifth of the code may be hidden or soiled), the smallest version that holds it.
public enum QRCode {
    /// The longest text made into a code, in bytes: a page's address with its token fits
    /// (version 10 at level M holds 213), and the modules stay large enough to read from
    /// across a room.
    public static let longest = 256

    /// The modules of `text`'s code; throws for a text over ``longest`` bytes, or what
    /// libqrencode says went wrong.
    ///
    /// The corresponding C function is `QRcode_encodeData`.
    public static func modules(_ text: String) throws(QRCodeError) -> ModuleGrid {
        let bytes = Array(text.utf8)
        guard bytes.count <= longest else { throw .tooLong(bytes: bytes.count) }
        guard !bytes.isEmpty else { throw .empty }
        guard let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) }) else {
            throw .encoding(Errno.current)
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Each byte is a module; its lowest bit is dark (the others say what the module is part of).
        let dark = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        return ModuleGrid(size: size, dark: dark)
    }
}

/// Why a text was not made into a QR code.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    /// libqrencode failed: `EINVAL`, `ENOMEM`, `ERANGE` (too much for any version).
    case encoding(Errno)

    public var description: String {
        switch self {
        case .empty: "there is nothing to make a QR code of"
        case .tooLong(let bytes): "the text is \(bytes) bytes; a QR code here holds at most \(QRCode.longest)"
        case .encoding(let errno): "libqrencode cannot make the code: \(errno) (errno \(errno.rawValue))"
        }
    }
}

import FlipClockCore
import FlipClockQR
import SystemPackage
import Testing

/// libqrencode behind ``QRCode``: the modules of a text's code as the QR standard lays them
/// out, and each refusal's words.
@Suite struct QRCodeTests {
    /// Whether the 7×7 finder pattern (a dark ring, a light ring, a dark 3×3 core) has its
    /// top-left corner at (`x`, `y`).
    static func finder(_ code: ModuleGrid, x: Int, y: Int) -> Bool {
        (0..<7).allSatisfy { dy in
            (0..<7).allSatisfy { dx in
                let ring = min(dx, dy, 6 - dx, 6 - dy)
                return code[x + dx, y + dy] == (ring != 1)
            }
        }
    }

    @Test(arguments: ["http://127.0.0.1:8080/#token=0123456789abcdef0123456789abcdef", "x", String(repeating: "é", count: 128)])
    func aCodeHasItsThreeFinders(_ text: String) throws {
        let code = try QRCode.modules(text)
        // Version v is 17 + 4v modules a side.
        #expect((code.size - 17) % 4 == 0 && (1...40).contains((code.size - 17) / 4))
        #expect(Self.finder(code, x: 0, y: 0))
        #expect(Self.finder(code, x: code.size - 7, y: 0))
        #expect(Self.finder(code, x: 0, y: code.size - 7))
        #expect(!Self.finder(code, x: code.size - 7, y: code.size - 7))
        // The timing pattern between the top finders alternates, dark first.
        #expect((8..<code.size - 8).allSatisfy { code[$0, 6] == ($0 % 2 == 0) })
    }

    /// Level M in 8-bit mode holds 14 bytes in version 1, 26 in 2, 213 in 10 and 287 in 12
    /// (ISO/IEC 18004, table 7): the library picks the smallest version that holds the text.
    @Test(arguments: [(14, 21), (15, 25), (26, 25), (213, 57), (214, 61), (256, 65)])
    func theVersionIsTheSmallestThatHoldsIt(_ bytes: Int, _ size: Int) throws {
        #expect(try QRCode.modules(String(repeating: "a", count: bytes)).size == size)
    }

    @Test func aLongerTextIsRefused() {
        #expect(throws: QRCodeError.tooLong(bytes: 257)) { try QRCode.modules(String(repeating: "a", count: 257)) }
        #expect("\(QRCodeError.tooLong(bytes: 257))" == "the text is 257 bytes; a QR code here holds at most 256")
        #expect(throws: QRCodeError.empty) { try QRCode.modules("") }
        #expect("\(QRCodeError.empty)" == "there is nothing to make a QR code of")
        #expect("\(QRCodeError.encoding(Errno(rawValue: 34)))" == "libqrencode cannot make the code: \(Errno(rawValue: 34)) (errno 34)")
    }
}

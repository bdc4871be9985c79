/// The 64-bit FNV-1a hash of bytes: a short name for a longer text that is not a secret
/// (a match's lead client id, a token's fingerprint in the match record).
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash's 16 hexadecimal digits, leading zeros kept.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

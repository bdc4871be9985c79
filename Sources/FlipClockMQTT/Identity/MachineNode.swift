import CSystemd
import FlipClockCore
import Glibc

/// The node a clock's Home Assistant ids are made of: unique per machine and per clock on it,
/// and the same after the host is renamed. It is `/etc/machine-id` made app-specific by
/// libsystemd (`sd_id128_get_machine_app_specific`: an HMAC-SHA256 keyed by the machine's id,
/// as machine-id(5) asks, so the broker never sees the id itself) for an application id that
/// is flipclock's own mixed with the clock's base topic (two clocks on one machine have two).
public enum MachineNode {
    /// flipclock's application id: 128 random bits, fixed; never changed (every clock's ids follow it).
    static let flipclock: UInt128 = 0x7f3c_9a1e_5b2d_4c8f_a6e0_d41b_39c7_5e12

    /// The application id for a clock whose topics are under `base`: flipclock's, XORed with
    /// the base's 128-bit FNV-1a hash (not secret: the key of the HMAC is).
    public static func application(base: String) -> UInt128 {
        var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        for byte in base.utf8 {
            hash ^= UInt128(byte)
            hash &*= 0x0000_0000_0100_0000_0000_0000_0000_013b
        }
        return flipclock ^ hash
    }

    /// `application` as systemd writes an id: 32 lowercase hex digits, most significant first.
    public static func hex(_ id: UInt128) -> String {
        let digits = String(id, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }

    /// `flipclock_` and the first 12 hex digits of this machine's app-specific id for `base`;
    /// the reason when there is none (no `/etc/machine-id`, or an empty one).
    public static func node(base: String) -> Result<String, MachineNodeError> {
        let application = application(base: base)
        var id = sd_id128_t()
        withUnsafeMutableBytes(of: &id.bytes) { raw in
            for i in 0..<16 { raw[i] = UInt8(truncatingIfNeeded: application >> (8 * (15 - i))) }
        }
        var made = sd_id128_t()
        let result = sd_id128_get_machine_app_specific(id, &made)
        guard result >= 0 else { return .failure(MachineNodeError(description: "/etc/machine-id: \(String(cString: strerror(-result)))")) }
        let value = withUnsafeBytes(of: made.bytes) { raw in raw.reduce(UInt128(0)) { $0 << 8 | UInt128($1) } }
        return .success("flipclock_" + hex(value).prefix(12))
    }

    public struct MachineNodeError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }
}

import CGPIOD
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// Why the relay's line could not be taken or driven: which chip and line, what was done,
/// and the system's reason.
public struct RelayError: Error, Equatable, CustomStringConvertible {
    /// The chip as the error names it: its device (`/dev/gpiochip0`), or the label looked up.
    public var chip: String
    /// The line, once the chip is open.
    public var line: String?
    public var doing: String
    public var errno: Errno

    public var description: String {
        "\(chip)\(line.map { " line \($0)" } ?? ""): \(doing): \(errno)"
    }
}

/// A relay's GPIO line requested as an output through libgpiod, inactive when taken.
///
/// libgpiod's active-low flag makes "active" the level that closes the relay, whichever it
/// is. The kernel keeps a line's level after its request ends (a crash included), so the
/// line is taken, inactive, at every start. `close()` lets it go. libgpiod 1.6 (Debian 12) or
/// 2 (Debian 13, Raspberry Pi OS trixie), whichever the build had: CGPIOD's `flipclock_gpiod_*`.
public final class RelayLine: CustomStringConvertible {
    /// The chip's device (`/dev/gpiochip0`) and label, and the line as configured.
    public let device: String
    public let label: String
    public let line: HornSettings.Relay.Line
    private let chip: OpaquePointer
    private let request: UnsafeMutableRawPointer
    private let offset: UInt32
    private var closed = false

    /// What the journal calls the line: `/dev/gpiochip0 (pinctrl-bcm2711) line 17`.
    public var description: String { "\(device) (\(label)) line \(line)" }

    /// The libgpiod API this build uses: 1 (1.6) or 2.
    public static var libgpiodAPI: Int { Int(flipclock_gpiod_api()) }

    /// Opens the chip and requests the line as an output, inactive, as `consumer`.
    ///
    /// The chip is a path (`/dev/gpiochip0`), a name under /dev (`gpiochip0`) or a label
    /// (every /dev/gpiochip* is opened to read its label); the line an offset or a name.
    public init(_ relay: HornSettings.Relay, consumer: String = "flipclockd") throws(RelayError) {
        let byPath = relay.chip.hasPrefix("/") ? relay.chip : access("/dev/\(relay.chip)", F_OK) == 0 ? "/dev/\(relay.chip)" : nil
        let named = byPath ?? "GPIO chip labelled \"\(relay.chip)\""
        guard let chip = byPath.map({ flipclock_gpiod_open($0) }) ?? flipclock_gpiod_open_by_label(relay.chip) else {
            throw RelayError(chip: named, doing: byPath == nil ? "look up" : "open", errno: .current)
        }
        let device = "/dev/\(String(cString: flipclock_gpiod_name(chip)))"
        var lines: UInt32 = 0
        var labelBytes = [CChar](repeating: 0, count: 256)
        guard flipclock_gpiod_info(chip, &labelBytes, labelBytes.count, &lines) == 0 else {
            let why = Errno.current
            flipclock_gpiod_close(chip, nil)
            throw RelayError(chip: device, doing: "read the chip's label", errno: why)
        }
        let offset: UInt32?
        let why: Errno
        switch relay.line {
        case .offset(let wanted):
            offset = wanted >= 0 && wanted < Int(lines) ? UInt32(wanted) : nil
            why = .invalidArgument
        case .name(let name):
            let found = flipclock_gpiod_find(chip, name)
            why = .current
            offset = found >= 0 ? UInt32(found) : nil
        }
        guard let offset else {
            flipclock_gpiod_close(chip, nil)
            let doing: String
            switch relay.line {
            case .offset: doing = "no such line (the chip has \(lines): 0...\(Int(lines) - 1))"
            case .name: doing = "no line of that name"
            }
            throw RelayError(chip: device, line: "\(relay.line)", doing: doing, errno: why)
        }
        guard let request = flipclock_gpiod_request_output(chip, offset, consumer, relay.activeLow) else {
            let why = Errno.current
            flipclock_gpiod_close(chip, nil)
            throw RelayError(chip: device, line: "\(relay.line)", doing: "request as an output", errno: why)
        }
        self.device = device
        label = labelBytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        line = relay.line
        self.chip = chip
        self.request = request
        self.offset = offset
    }

    deinit { assert(closed, "a relay's line is let go with close()") }

    /// Sets the line active (the relay closed, the horn on) or inactive.
    public func set(active: Bool) throws(RelayError) {
        guard flipclock_gpiod_set(request, offset, active ? 1 : 0) == 0 else {
            throw RelayError(chip: device, line: "\(line)", doing: active ? "set active" : "set inactive", errno: .current)
        }
    }

    /// Lets the line and its chip go; the line keeps the level it has.
    public func close() {
        guard !closed else { return }
        closed = true
        flipclock_gpiod_close(chip, request)
    }
}

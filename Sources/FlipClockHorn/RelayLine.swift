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
/// line is taken, inactive, at every start. `close()` lets it go.
public final class RelayLine: CustomStringConvertible {
    /// The chip's device (`/dev/gpiochip0`) and label, and the line as configured.
    public let device: String
    public let label: String
    public let line: HornSettings.Relay.Line
    private let chip: OpaquePointer
    private let handle: OpaquePointer
    private var closed = false

    /// What the journal calls the line: `/dev/gpiochip0 (pinctrl-bcm2711) line 17`.
    public var description: String { "\(device) (\(label)) line \(line)" }

    /// Opens the chip and requests the line as an output, inactive, as `consumer`.
    ///
    /// The chip is a path (`/dev/gpiochip0`), a name under /dev (`gpiochip0`) or a label
    /// (every /dev/gpiochip* is opened to read its label). The corresponding C functions are
    /// `gpiod_chip_open`, `gpiod_chip_open_by_name`, `gpiod_chip_open_by_label`,
    /// `gpiod_chip_get_line`, `gpiod_chip_find_line` and `gpiod_line_request_output_flags`.
    public init(_ relay: HornSettings.Relay, consumer: String = "flipclockd") throws(RelayError) {
        let byPath = relay.chip.hasPrefix("/") ? relay.chip : access("/dev/\(relay.chip)", F_OK) == 0 ? "/dev/\(relay.chip)" : nil
        let named = byPath ?? "GPIO chip labelled \"\(relay.chip)\""
        guard let chip = byPath.map({ gpiod_chip_open($0) }) ?? gpiod_chip_open_by_label(relay.chip) else {
            throw RelayError(chip: named, doing: byPath == nil ? "look up" : "open", errno: .current)
        }
        let device = "/dev/\(String(cString: gpiod_chip_name(chip)))"
        let handle: OpaquePointer?
        switch relay.line {
        case .offset(let offset): handle = gpiod_chip_get_line(chip, UInt32(offset))
        case .name(let name): handle = gpiod_chip_find_line(chip, name)
        }
        guard let handle else {
            let why = Errno.current
            let lines = gpiod_chip_num_lines(chip)
            gpiod_chip_close(chip)
            let doing: String
            switch relay.line {
            case .offset: doing = "no such line (the chip has \(lines): 0...\(Int(lines) - 1))"
            case .name: doing = "no line of that name"
            }
            throw RelayError(chip: device, line: "\(relay.line)", doing: doing, errno: why)
        }
        let flags = relay.activeLow ? Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        guard gpiod_line_request_output_flags(handle, consumer, flags, 0) == 0 else {
            let why = Errno.current
            gpiod_chip_close(chip)
            throw RelayError(chip: device, line: "\(relay.line)", doing: "request as an output", errno: why)
        }
        self.device = device
        label = String(cString: gpiod_chip_label(chip))
        line = relay.line
        self.chip = chip
        self.handle = handle
    }

    deinit { assert(closed, "a relay's line is let go with close()") }

    /// Sets the line active (the relay closed, the horn on) or inactive. The corresponding C
    /// function is `gpiod_line_set_value`.
    public func set(active: Bool) throws(RelayError) {
        guard gpiod_line_set_value(handle, active ? 1 : 0) == 0 else {
            throw RelayError(chip: device, line: "\(line)", doing: active ? "set active" : "set inactive", errno: .current)
        }
    }

    /// Lets the line and its chip go; the line keeps the level it has. The corresponding C
    /// function is `gpiod_chip_close`, which releases the chip's requested lines.
    public func close() {
        guard !closed else { return }
        closed = true
        gpiod_chip_close(chip)
    }
}

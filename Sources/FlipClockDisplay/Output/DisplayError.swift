/// Why a display output could not be used, with what was found.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// A device could not be opened: its path and the errno text.
    case cannotOpen(path: String, reason: String)
    /// No DRM device has a connected connector; what each device had.
    case noConnectedDisplay(found: [String])
    /// The configured connector is not there (or not connected).
    case noConnector(device: String, wanted: String, found: [String])
    /// The configured mode is not one the connector offers.
    case noMode(device: String, connector: String, wanted: String, available: [String])
    /// A call failed: the C function, the device and the errno text.
    case call(function: String, device: String, reason: String)
    /// The framebuffer's pixel format is not one flipclock draws.
    case unsupportedFormat(device: String, format: String)
    /// No display of any kind could be used: why each was not.
    indirect case unavailable([DisplayError])

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open \(path): \(reason)"
        case let .noConnectedDisplay(found):
            "no DRM device with a connected display" + (found.isEmpty ? "; no /dev/dri/card* devices" : "; found: " + found.joined(separator: "; "))
        case let .noConnector(device, wanted, found): "\(device): no connected connector \(wanted); connectors: \(found.joined(separator: ", "))"
        case let .noMode(device, connector, wanted, available):
            "\(device) \(connector): no mode \(wanted); modes: \(available.joined(separator: ", "))"
        case let .call(function, device, reason): "\(device): \(function) failed: \(reason)"
        case let .unsupportedFormat(device, format): "\(device): unsupported pixel format \(format); flipclock draws 32 bpp XRGB and 16 bpp RGB565"
        case let .unavailable(errors): errors.map(\.description).joined(separator: "; ")
        }
    }

    /// Whether waiting and trying again may help (a busy or missing device), rather than a
    /// configuration the user must change.
    public var isTransient: Bool {
        switch self {
        case .cannotOpen, .noConnectedDisplay, .call, .unavailable: true
        case .noConnector, .noMode, .unsupportedFormat: false
        }
    }
}

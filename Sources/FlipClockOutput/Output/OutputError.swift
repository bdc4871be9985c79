import SystemPackage

/// Why a display output could not be used, with what was found.
///
/// A failure of a C call keeps its code (`Errno`), which says whether trying again may help;
/// a failure that is no call's (no free CRTC, a file that holds no number) has a case of its own.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// A device, file or folder could not be opened: its path and the code.
    case cannotOpen(path: String, errno: Errno)
    /// No DRM device has a connected connector; what each device had.
    case noConnectedDisplay(found: [String])
    /// The configured connector is not there (or not connected).
    case noConnector(device: String, wanted: String, found: [String])
    /// The configured mode is not one the connector offers.
    case noMode(device: String, connector: String, wanted: String, available: [String])
    /// No CRTC that an encoder of the connector can reach is free: the card cannot drive
    /// another screen there.
    case noFreeCRTC(device: String, connector: String)
    /// A call failed: the C function, the device and the code.
    case call(function: String, device: String, errno: Errno)
    /// The DRM device would not make the daemon its master (`drmSetMaster`).
    case notMaster(device: String, errno: Errno)
    /// The console would not be switched under the daemon's control (`VT_SETMODE`).
    case consoleNotSwitchable(path: String, errno: Errno)
    /// The console named is not a virtual terminal (`/dev/ttyN`).
    case notAConsole(path: String)
    /// A sysfs file (a backlight's brightness) holds no number: its first 20 characters
    /// other than whitespace.
    case notANumber(path: String, text: String)
    /// The framebuffer's pixel format is not one flipclock draws.
    case unsupportedFormat(device: String, format: String)
    /// A frame could not be written as a PNG file.
    case image(PNGError)
    /// No display of any kind could be used: why each was not.
    indirect case unavailable([OutputError])

    public var description: String {
        switch self {
        case let .cannotOpen(path, errno): "cannot open \(path): \(errno)"
        case let .noConnectedDisplay(found):
            "no DRM device with a connected display" + (found.isEmpty ? "; no /dev/dri/card* devices" : "; found: " + found.joined(separator: "; "))
        case let .noConnector(device, wanted, found): "\(device): no connected connector \(wanted); connectors: \(found.joined(separator: ", "))"
        case let .noMode(device, connector, wanted, available):
            "\(device) \(connector): no mode \(wanted); modes: \(available.joined(separator: ", "))"
        case let .noFreeCRTC(device, connector): "\(device): no free CRTC can drive \(connector)"
        case let .call(function, device, errno): "\(device): \(function) failed: \(errno)"
        case let .notMaster(device, errno): "\(device): drmSetMaster failed: \(errno) (another program is drawing on this display?)"
        case let .consoleNotSwitchable(path, errno):
            "\(path): VT_SETMODE failed: \(errno) (a console can be switched only by the process it is the controlling terminal of)"
        case let .notAConsole(path): "\(path): not a virtual terminal (/dev/ttyN)"
        case let .notANumber(path, text): "\(path): not a number: \(text)"
        case let .unsupportedFormat(device, format): "\(device): unsupported pixel format \(format); flipclock draws 32 bpp XRGB and 16 bpp RGB565"
        case let .image(error): error.description
        case let .unavailable(errors): errors.map(\.description).joined(separator: "; ")
        }
    }

    /// The code of the C call that failed, if a call's failure is what this is.
    public var code: Errno? {
        switch self {
        case let .cannotOpen(_, errno), let .call(_, _, errno), let .notMaster(_, errno), let .consoleNotSwitchable(_, errno): errno
        case let .image(error): error.code
        case .noConnectedDisplay, .noConnector, .noMode, .noFreeCRTC, .notAConsole, .notANumber, .unsupportedFormat, .unavailable: nil
        }
    }

    /// Whether waiting and trying again may help (a busy or missing device), rather than a
    /// configuration or hardware the user must change.
    ///
    /// A call's failure is decided by its code (``transientCodes``); a display that is not
    /// connected yet may be plugged in; a console the daemon may not switch stays so.
    public var isTransient: Bool {
        switch self {
        case .noConnectedDisplay: true
        case let .unavailable(errors): errors.contains { $0.isTransient }
        case .cannotOpen, .call, .notMaster, .image: code.map(Self.transientCodes.contains) ?? false
        case .noConnector, .noMode, .noFreeCRTC, .consoleNotSwitchable, .notAConsole, .notANumber, .unsupportedFormat: false
        }
    }

    /// The codes of a failed call that waiting may clear. Any other code is the device
    /// refusing what was asked (`EINVAL`, `ENOTTY`: not a display of that kind, a mode or
    /// buffer it cannot have, `EOPNOTSUPP`), which trying again would only repeat.
    public static let transientCodes: Set<Errno> = [
        // Asked to try again; EINTR is retried where the call is made.
        .interrupted, .resourceTemporarilyUnavailable,
        // Another program holds the device, or is its DRM master.
        .resourceBusy,
        // The device is not there yet (at boot the driver may load after the daemon starts)
        // or is gone for now (unplugged, its driver unbound): ENOENT, ENODEV, ENXIO.
        .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice,
        // A node the kernel just added is root's until udev gives it its group; DRM master is
        // refused while another console is shown.
        .permissionDenied, .notPermitted,
        // The device failed this once (a GPU reset), or was slow to answer.
        .ioError, .timedOut,
        // KMS's locks were contended.
        .deadlock,
        // Memory, descriptors or disk space (the PNG output's) that may be freed.
        .noMemory, .tooManyOpenFiles, .tooManyOpenFilesInSystem, .noSpace,
    ]
}

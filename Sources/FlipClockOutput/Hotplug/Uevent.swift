/// A device event the kernel sends (a uevent): what happened to which device, as `KEY=value`
/// properties.
///
/// The message is `ACTION@DEVPATH`, then `KEY=value` strings, each ended by a zero byte. A DRM
/// card sends `ACTION=change` with `HOTPLUG=1` when a monitor is plugged in or out (with
/// `CONNECTOR=id` when the driver knows which).
public struct Uevent: Equatable, Sendable {
    public var action: String
    public var devicePath: String
    public var properties: [String: String]

    public init(action: String, devicePath: String, properties: [String: String]) {
        self.action = action
        self.devicePath = devicePath
        self.properties = properties
    }

    /// The event in one netlink message from the kernel; `nil` for anything else (udev's
    /// rebroadcasts start `libudev`, not `ACTION@`).
    public init?(parsing message: some Collection<UInt8>) {
        let fields = message.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let header = fields.first, let at = header.firstIndex(of: "@") else { return nil }
        action = String(header[..<at])
        devicePath = String(header[header.index(after: at)...])
        guard !action.isEmpty, devicePath.hasPrefix("/") else { return nil }
        properties = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            properties[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
    }

    /// The device node it is about: `/dev/dri/card0` for `DEVNAME=dri/card0`.
    public var deviceNode: String? { properties["DEVNAME"].map { $0.hasPrefix("/") ? $0 : "/dev/" + $0 } }

    /// Whether a monitor was plugged into or out of the DRM card `card` (`/dev/dri/card0`).
    public func isHotplug(of card: String) -> Bool {
        properties["SUBSYSTEM"] == "drm" && properties["HOTPLUG"] == "1" && action == "change" && deviceNode == card
    }

    /// Whether a display device came: a DRM card or a framebuffer device added.
    public var isDisplayDevice: Bool {
        action == "add" && (properties["SUBSYSTEM"] == "drm" || properties["SUBSYSTEM"] == "graphics") && deviceNode != nil
    }
}

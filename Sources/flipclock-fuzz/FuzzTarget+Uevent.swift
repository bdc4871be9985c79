import FlipClockOutput

extension FuzzTarget {
    /// One netlink message as `recv` gives it (at most the 8 KiB buffer), and what the loop
    /// asks of the event.
    static func uevent(_ bytes: [UInt8]) {
        guard let event = Uevent(parsing: bytes) else { return }
        _ = event.isHotplug(of: "/dev/dri/card0")
        _ = event.isDisplayDevice
        _ = event.deviceNode
    }
}

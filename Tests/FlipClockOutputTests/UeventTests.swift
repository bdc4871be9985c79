import FlipClockOutput
import Testing

/// Kernel uevents as the netlink socket delivers them: `ACTION@DEVPATH`, then `KEY=value`,
/// each ended by a zero byte.
@Suite struct UeventTests {
    static func message(_ fields: [String]) -> [UInt8] { fields.flatMap { Array($0.utf8) + [0] } }

    /// What a DRM card sends when a monitor is plugged in or out (Linux 6.1, virtio-gpu).
    static let hotplug = message([
        "change@/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "ACTION=change",
        "DEVPATH=/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=1", "DEVNAME=dri/card0",
        "DEVTYPE=drm_minor", "SEQNUM=2175", "MAJOR=226", "MINOR=0",
    ])

    @Test func aHotplugEventHasItsActionPathAndProperties() throws {
        let event = try #require(Uevent(parsing: Self.hotplug))
        #expect(
            event
                == Uevent(
                    action: "change", devicePath: "/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0",
                    properties: [
                        "ACTION": "change", "DEVPATH": "/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "SUBSYSTEM": "drm",
                        "HOTPLUG": "1", "DEVNAME": "dri/card0", "DEVTYPE": "drm_minor", "SEQNUM": "2175", "MAJOR": "226", "MINOR": "0",
                    ]
                ))
        #expect(event.deviceNode == "/dev/dri/card0")
        #expect(event.isHotplug(of: "/dev/dri/card0"))
        #expect(!event.isHotplug(of: "/dev/dri/card1"))
    }

    @Test func otherEventsAreNotHotplugs() throws {
        // A connector's own event (its properties changed), a monitor's card being added, a USB device.
        let property = try #require(
            Uevent(
                parsing: Self.message([
                    "change@/devices/virtual/drm/card0", "ACTION=change", "SUBSYSTEM=drm", "DEVNAME=dri/card0", "PROPERTY=54", "CONNECTOR=36",
                ])))
        #expect(!property.isHotplug(of: "/dev/dri/card0"))
        let added = try #require(
            Uevent(parsing: Self.message(["add@/devices/drm/card0", "ACTION=add", "SUBSYSTEM=drm", "HOTPLUG=1", "DEVNAME=dri/card0"])))
        #expect(!added.isHotplug(of: "/dev/dri/card0"))
        let usb = try #require(Uevent(parsing: Self.message(["add@/devices/usb1/1-1", "ACTION=add", "SUBSYSTEM=usb", "DEVNAME=bus/usb/001/002"])))
        #expect(usb.deviceNode == "/dev/bus/usb/001/002")
        #expect(!usb.isHotplug(of: "/dev/dri/card0"))
    }

    @Test func messagesThatAreNotKernelEventsAreRefused() {
        // udev's rebroadcast of the same event starts with its own header.
        #expect(Uevent(parsing: Self.message(["libudev", "ACTION=change"])) == nil)
        #expect(Uevent(parsing: [UInt8]()) == nil)
        #expect(Uevent(parsing: Self.message(["change@"])) == nil)
        #expect(Uevent(parsing: Self.message(["@/devices/x"])) == nil)
    }

    @Test func aValueMayHoldEqualsSigns() throws {
        let event = try #require(Uevent(parsing: Self.message(["change@/devices/x", "MODALIAS=a=b", "EMPTY=", "NOVALUE"])))
        #expect(event.properties == ["MODALIAS": "a=b", "EMPTY": ""])
    }
}

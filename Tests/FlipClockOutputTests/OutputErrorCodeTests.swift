import FlipClockCore
import FlipClockSystem
import Foundation
import SystemPackage
import Testing

@testable import FlipClockOutput

/// A failed call keeps its code, which decides whether waiting may help; what is no call's
/// failure has a case of its own, and every message is the text it always was.
@Suite struct OutputErrorCodeTests {
    /// Every code flipclock's devices are known to fail with, and whether waiting may clear it.
    static let codes: [(Errno, Bool)] = [
        (.interrupted, true), (.resourceTemporarilyUnavailable, true), (.resourceBusy, true),
        (.noSuchFileOrDirectory, true), (.operationNotSupportedByDevice, true), (.noSuchAddressOrDevice, true),
        (.permissionDenied, true), (.notPermitted, true), (.ioError, true), (.timedOut, true), (.deadlock, true),
        (.noMemory, true), (.tooManyOpenFiles, true), (.tooManyOpenFilesInSystem, true), (.noSpace, true),
        (.invalidArgument, false), (.inappropriateIOCTLForDevice, false), (.notSupported, false), (.noFunction, false),
        (.notDirectory, false), (.isDirectory, false), (.readOnlyFileSystem, false), (.badFileDescriptor, false),
        (.badAddress, false), (.outOfRange, false), (.fileExists, false), (.tooManySymbolicLinkLevels, false),
    ]

    @Test(arguments: codes)
    func aFailedCallIsTransientByItsCode(_ code: Errno, _ transient: Bool) {
        #expect(OutputError.call(function: "drmModeSetCrtc", device: "/dev/dri/card0", errno: code).isTransient == transient)
        #expect(OutputError.cannotOpen(path: "/dev/dri/card0", errno: code).isTransient == transient)
        #expect(OutputError.notMaster(device: "/dev/dri/card0", errno: code).isTransient == transient)
        #expect(OutputError.image(PNGError(operation: .write, path: "/tmp/x.png", reason: .file(code))).isTransient == transient)
        // The console is not the daemon's to switch, whatever the code.
        #expect(!OutputError.consoleNotSwitchable(path: "/dev/tty1", errno: code).isTransient)
    }

    @Test func theTableIsTheCodesTestedAsTransient() {
        #expect(OutputError.transientCodes == Set(Self.codes.filter(\.1).map(\.0)))
    }

    /// Errno's description is strerror's, so messages read as they did with strerror.
    @Test func anErrnosTextIsStrerrors() {
        let differing = (1...133).filter { Errno(rawValue: $0).description != String(cString: strerror($0)) }
        #expect(differing == [])
        #expect(
            OutputError.call(function: "FBIOPAN_DISPLAY", device: "/dev/fb0", errno: .invalidArgument).description
                == "/dev/fb0: FBIOPAN_DISPLAY failed: Invalid argument")
    }

    @Test func aConnectorNoCRTCCanDriveIsPermanent() {
        // No encoder: drmModeGetEncoder is never asked, so no device is needed.
        let connector = DRMConnector(id: 36, name: "HDMI-A-2", connected: true, modes: [], encoderID: 0, encoders: [])
        #expect(throws: OutputError.noFreeCRTC(device: "/dev/dri/card0", connector: "HDMI-A-2")) {
            try DRMDevice.crtc(for: connector, crtcs: [41, 42], taken: [], fd: -1, device: "/dev/dri/card0")
        }
        let error = OutputError.noFreeCRTC(device: "/dev/dri/card0", connector: "HDMI-A-2")
        #expect(error.description == "/dev/dri/card0: no free CRTC can drive HDMI-A-2")
        #expect(!error.isTransient)
        #expect(error.code == nil)
    }

    @Test func errorsWithAHintSayIt() {
        let master = OutputError.notMaster(device: "/dev/dri/card0", errno: .resourceBusy)
        #expect(master.description == "/dev/dri/card0: drmSetMaster failed: Device or resource busy (another program is drawing on this display?)")
        #expect(master.isTransient)
        #expect(
            OutputError.consoleNotSwitchable(path: "/dev/tty1", errno: .notPermitted).description
                == "/dev/tty1: VT_SETMODE failed: Operation not permitted (a console can be switched only by the process it is the controlling terminal of)"
        )
    }

    @Test func aConsoleThatIsNotAVirtualTerminalIsPermanent() {
        #expect(throws: OutputError.notAConsole(path: "/dev/null")) { try VirtualTerminal(path: "/dev/null") }
        #expect(OutputError.notAConsole(path: "/dev/null").description == "/dev/null: not a virtual terminal (/dev/ttyN)")
        #expect(!OutputError.notAConsole(path: "/dev/null").isTransient)
        #expect(throws: OutputError.cannotOpen(path: "/nonexistent/tty3", errno: .noSuchFileOrDirectory)) {
            try VirtualTerminal(path: "/nonexistent/tty3")
        }
    }

    @Test func aBacklightFileWithoutANumberIsPermanent() throws {
        let folder = NSTemporaryDirectory() + "flipclock-backlight-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "bright as the sun, always\n".write(toFile: folder + "/max_brightness", atomically: true, encoding: .utf8)
        let error = OutputError.notANumber(path: folder + "/max_brightness", text: "brightasthesun,alway")
        #expect(throws: error) { try Backlight(folder: folder) }
        #expect(error.description == "\(folder)/max_brightness: not a number: brightasthesun,alway")
        #expect(!error.isTransient)
    }

    /// libc's -1 with errno and libdrm's -errno are one code; EINTR is tried again.
    @Test func theBoundaryRetriesEINTRAndReadsBothConventions() throws {
        var calls = 0
        let value = try valueOrErrno { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(value == 7 && calls == 3)
        #expect(throws: Errno.resourceBusy) { try valueOrErrno { -EBUSY } }
        #expect(throws: Errno.notPermitted) {
            try valueOrErrno { () -> Int32 in
                errno = EPERM; return -1
            }
        }
        #expect(throws: OutputError.call(function: "drmModeAddFB2", device: "/dev/dri/card0", errno: .invalidArgument)) {
            try systemCall("drmModeAddFB2", device: "/dev/dri/card0") { -EINVAL }
        }
    }
}

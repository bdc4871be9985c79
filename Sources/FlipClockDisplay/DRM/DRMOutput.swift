import CDRM
import FlipClockCore

#if canImport(Glibc)
import Glibc
#endif

/// The screen through DRM/KMS: two dumb buffers, a mode set once, then page flips.
///
/// Frames are rendered into the daemon's canvas in ordinary memory; each present copies
/// what changed since the back buffer was last shown into it (this frame's damage and the
/// last one's) and queues a page flip with an event. At most one flip is pending: a present
/// while one is waits for its event. The CRTC found at start is restored by ``close()``.
public final class DRMOutput: FrameOutput {
    public let devicePath: String
    public let connectorName: String
    public let size: PixelSize
    public let refreshRate: Double
    private let fd: Int32
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var mode: drmModeModeInfo
    private var buffers: [DumbBuffer] = []
    private var front = 0
    private var lastDamage: [DamageRect] = []
    private var modeSet = false
    private var flipPending = false
    private var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    private var closed = false

    /// Frames shown; the page flips that completed.
    public private(set) var framesPresented = 0
    public private(set) var flipsCompleted = 0

    public var name: String { "\(devicePath) \(connectorName) \(DRMDevice.describe(mode))" }
    public var eventDescriptor: Int32? { fd }

    /// Opens `device` (or the first card with a connected connector), picks `connector` by its
    /// kernel name (or the first connected) and `mode` (`WIDTHxHEIGHT[@HZ]`, or the preferred).
    public init(device: String?, connector: String?, mode: String?) throws(DisplayError) {
        let candidates = device.map { [$0] } ?? DRMDevice.cards()
        var found: [String] = []
        var chosen: (fd: Int32, path: String, connector: DRMConnector, crtcs: [UInt32])?
        for path in candidates {
            let fd = open(path, O_RDWR | O_CLOEXEC)
            if fd < 0 {
                if device != nil { throw .cannotOpen(path: path, reason: errnoText()) }
                found.append("\(path): \(errnoText())")
                continue
            }
            let listing: (connectors: [DRMConnector], crtcs: [UInt32])
            do {
                listing = try DRMDevice.connectors(fd: fd, device: path)
            } catch {
                found.append("\(path): \(error)")
                Glibc.close(fd)
                continue
            }
            let wanted = listing.connectors.first { c in c.connected && !c.modes.isEmpty && (connector == nil || c.name == connector) }
            if let wanted {
                chosen = (fd, path, wanted, listing.crtcs)
                break
            }
            Glibc.close(fd)
            if let connector, device != nil {
                throw .noConnector(device: path, wanted: connector, found: listing.connectors.map(\.summary))
            }
            found.append("\(path): " + (listing.connectors.isEmpty ? "no connectors" : listing.connectors.map(\.summary).joined(separator: ", ")))
        }
        guard let chosen else { throw .noConnectedDisplay(found: found) }
        let fd = chosen.fd
        do {
            let picked = try DRMDevice.mode(mode, of: chosen.connector, device: chosen.path)
            let crtc = try DRMDevice.crtc(for: chosen.connector, crtcs: chosen.crtcs, fd: fd, device: chosen.path)
            // Opening the device as the only client makes us master; say clearly when another program is.
            if drmSetMaster(fd) != 0, errno != EINVAL {
                throw DisplayError.call(function: "drmSetMaster", device: chosen.path, reason: "\(errnoText()) (another program is drawing on this display?)")
            }
            let width = Int(picked.hdisplay), height = Int(picked.vdisplay)
            buffers = [
                try DumbBuffer(fd: fd, device: chosen.path, width: width, height: height),
                try DumbBuffer(fd: fd, device: chosen.path, width: width, height: height),
            ]
            self.mode = picked
            size = PixelSize(width: width, height: height)
            refreshRate = picked.vrefresh > 0 ? Double(picked.vrefresh) : 60
            crtcID = crtc
        } catch {
            for b in buffers { b.release() }
            Glibc.close(fd)
            throw error as! DisplayError
        }
        self.fd = fd
        devicePath = chosen.path
        connectorName = chosen.connector.name
        connectorID = chosen.connector.id
        savedCRTC = drmModeGetCrtc(fd, crtcID)
    }

    deinit { assert(closed, "DRMOutput.close() must run: it gives the console back") }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(DisplayError) {
        if !modeSet {
            try setMode(canvas)
            return
        }
        if flipPending { try waitForFlip() }
        let back = 1 - front
        buffers[back].copy(canvas, lastDamage + damage)
        let userData = Unmanaged.passUnretained(self).toOpaque()
        let flipped = drmModePageFlip(fd, crtcID, buffers[back].framebuffer, flipclock_drm_page_flip_event(), userData)
        if flipped == 0 {
            flipPending = true
        } else {
            // No page flips on this driver (or the CRTC is busy): show the buffer with a mode set.
            try systemCall("drmModeSetCrtc", device: devicePath) {
                var connector = connectorID
                return drmModeSetCrtc(fd, crtcID, buffers[back].framebuffer, 0, 0, &connector, 1, &mode)
            }
        }
        front = back
        lastDamage = damage
        markDirty(damage)
        framesPresented += 1
    }

    /// The first frame: both buffers get the whole canvas, then the mode is set on one.
    private func setMode(_ canvas: Canvas) throws(DisplayError) {
        let all = [canvas.bounds]
        for b in buffers { b.copy(canvas, all) }
        try systemCall("drmModeSetCrtc", device: devicePath) {
            var connector = connectorID
            return drmModeSetCrtc(fd, crtcID, buffers[0].framebuffer, 0, 0, &connector, 1, &mode)
        }
        modeSet = true
        front = 0
        lastDamage = []
        markDirty(all)
        framesPresented += 1
    }

    /// Tells drivers that need it (virtio-gpu) which parts of the shown buffer changed;
    /// drivers that scan out memory directly answer ENOSYS, which is fine.
    private func markDirty(_ damage: [DamageRect]) {
        var clips = damage.map { drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY)) }
        _ = drmModeDirtyFB(fd, buffers[front].framebuffer, &clips, UInt32(clips.count))
    }

    public func handleEvents() throws(DisplayError) {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            output.flipPending = false
            output.flipsCompleted += 1
        }
        try systemCall("drmHandleEvent", device: devicePath) { drmHandleEvent(fd, &context) }
    }

    /// Gives up DRM master so the console (or another program) can use the display.
    public func suspend() {
        if flipPending { try? waitForFlip() }
        _ = drmDropMaster(fd)
    }

    /// Takes DRM master again; the next present sets the mode and copies the whole canvas.
    public func resume() throws(DisplayError) {
        try systemCall("drmSetMaster", device: devicePath) { drmSetMaster(fd) }
        modeSet = false
    }

    /// Turns the display off or on through the connector's DPMS property; on, the next present
    /// sets the mode and copies the whole canvas.
    ///
    /// The corresponding C function is `drmModeConnectorSetProperty`.
    public func setPower(_ on: Bool) throws(DisplayError) {
        if flipPending { try waitForFlip() }
        guard let dpms = DRMDevice.property(named: "DPMS", of: connectorID, fd: fd) else { return }
        try systemCall("drmModeConnectorSetProperty", device: devicePath) {
            drmModeConnectorSetProperty(fd, connectorID, dpms, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        }
        if on { modeSet = false }
    }

    /// Waits (up to a second) for the pending flip's event.
    private func waitForFlip() throws(DisplayError) {
        var waited = 0
        while flipPending, waited < 1000 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if ready > 0 { try handleEvents() } else { waited += 50 }
        }
        // A flip whose event never came must not stop the clock.
        flipPending = false
    }

    public func close() {
        guard !closed else { return }
        closed = true
        if flipPending { try? waitForFlip() }
        if let saved = savedCRTC {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            if saved.pointee.buffer_id != 0 {
                _ = drmModeSetCrtc(fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &connector, 1, &savedMode)
            } else {
                // Nothing was shown before us: switch the CRTC off rather than leave our buffer.
                _ = drmModeSetCrtc(fd, saved.pointee.crtc_id, 0, 0, 0, nil, 0, nil)
            }
            drmModeFreeCrtc(saved)
        }
        for b in buffers { b.release() }
        _ = drmDropMaster(fd)
        Glibc.close(fd)
    }
}

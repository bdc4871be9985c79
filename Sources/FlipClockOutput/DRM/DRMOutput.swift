import CDRM
import FlipClockCore
import Glibc

/// A screen through DRM/KMS: a connector of a ``DRMCard`` with a CRTC and two dumb buffers of
/// its own, a mode set once, then page flips.
///
/// Frames are rendered into the daemon's canvas in ordinary memory; each present copies
/// what changed since the back buffer was last shown into it (this frame's damage and the
/// last one's), turned by ``rotation``, and queues a page flip with an event. At most one
/// flip is pending: a present while one is waits for its event. The CRTC found at start is
/// restored by ``close()``.
public final class DRMOutput: FrameOutput {
    public let connectorName: String
    public let size: PixelSize
    public let rotation: ScreenRotation
    public let refreshRate: Double
    private unowned let card: DRMCard
    let connectorID: UInt32
    let crtcID: UInt32
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

    public var devicePath: String { card.path }
    /// `Virtual-1 1280x800@75`: the connector and its mode.
    public var connector: String? { connectorName }
    public var screenName: String { "\(connectorName) \(DRMDevice.describe(mode))" }
    public var name: String { "\(devicePath) \(screenName)" + (rotation == .none ? "" : " rotated \(rotation.rawValue)") }
    public var eventDescriptor: Int32? { card.fd }
    private var fd: Int32 { card.fd }

    /// A screen on `connector` in `mode`, driven by `crtc`; the card opens it.
    init(card: DRMCard, connector: DRMConnector, mode: drmModeModeInfo, crtc: UInt32, rotation: ScreenRotation) throws(OutputError) {
        let width = Int(mode.hdisplay), height = Int(mode.vdisplay)
        var made: [DumbBuffer] = []
        do {
            for _ in 0..<2 { made.append(try DumbBuffer(fd: card.fd, device: card.path, width: width, height: height)) }
        } catch {
            // The first buffer is released if the second cannot be made.
            for b in made { b.release() }
            throw error
        }
        buffers = made
        self.card = card
        self.mode = mode
        self.rotation = rotation
        size = PixelSize(width: width, height: height)
        refreshRate = mode.vrefresh > 0 ? Double(mode.vrefresh) : 60
        crtcID = crtc
        connectorName = connector.name
        connectorID = connector.id
        savedCRTC = drmModeGetCrtc(card.fd, crtc)
    }

    deinit { assert(closed, "DRMOutput.close() must run: it gives the console back") }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        if !modeSet {
            try setMode(canvas)
            return
        }
        if flipPending { try waitForFlip() }
        let back = 1 - front
        buffers[back].copy(canvas, lastDamage + damage, rotation: rotation)
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
    private func setMode(_ canvas: Canvas) throws(OutputError) {
        let all = [canvas.bounds]
        for b in buffers { b.copy(canvas, all, rotation: rotation) }
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
        let logical = canvasSize
        var clips = damage.map { rotation.outputRect($0, logical: logical) }.map {
            drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY))
        }
        _ = drmModeDirtyFB(fd, buffers[front].framebuffer, &clips, UInt32(clips.count))
    }

    /// Handles the card's events: this screen's page flips and the other screens'.
    public func handleEvents() throws(OutputError) { try card.handleEvents() }

    /// The page flip queued by ``present(_:damage:)`` is on screen.
    func flipCompleted() {
        flipPending = false
        flipsCompleted += 1
    }

    /// Gives up DRM master (for every screen of the card) so the console can use the display.
    public func suspend() {
        if flipPending { try? waitForFlip() }
        card.dropMaster()
    }

    /// Takes DRM master again; the next present sets the mode and copies the whole canvas.
    public func resume() throws(OutputError) {
        try card.takeMaster()
        modeSet = false
    }

    /// Turns the display off or on through the connector's DPMS property; on, the next present
    /// sets the mode and copies the whole canvas.
    ///
    /// The corresponding C function is `drmModeConnectorSetProperty`.
    public func setPower(_ on: Bool) throws(OutputError) {
        if flipPending { try waitForFlip() }
        guard let dpms = DRMDevice.property(named: "DPMS", of: connectorID, fd: fd) else { return }
        try systemCall("drmModeConnectorSetProperty", device: devicePath) {
            drmModeConnectorSetProperty(fd, connectorID, dpms, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        }
        if on { modeSet = false }
    }

    /// Waits (up to a second) for the pending flip's event; a card that keeps saying it has
    /// events but brings no flip is not waited on past 100 looks.
    private func waitForFlip() throws(OutputError) {
        var waited = 0
        var looks = 0
        while flipPending, waited < 1000, looks < 100 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if ready > 0 { try handleEvents() } else { waited += 50 }
            looks += 1
        }
        // A flip whose event never came must not stop the clock.
        flipPending = false
    }

    /// Restores the CRTC as it was found and frees the buffers; the card stays open for the
    /// other screens.
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
    }
}

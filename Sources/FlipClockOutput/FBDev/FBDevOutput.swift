import CLinux
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// The screen through the Linux framebuffer device, where there is no KMS.
///
/// Draws 32 bpp XRGB (any channel order the device reports) and 16 bpp RGB565 (dithered,
/// ``RGB565``), honouring the line length, turned by ``rotation``. When the virtual height holds two screens it draws into the hidden one
/// and pans; otherwise it copies the damage into the visible one. What the screen showed
/// is put back by ``close()``. (The daemon's ``VirtualTerminal`` keeps the console's text
/// and cursor off the picture.)
public final class FBDevOutput: FrameOutput {
    public let devicePath: String
    public let size: PixelSize
    public let rotation: ScreenRotation
    public let refreshRate: Double
    public var eventDescriptor: Int32? { nil }
    public var name: String {
        "\(devicePath) \(size) \(bitsPerPixel) bpp" + (panning ? ", panning" : "") + (rotation == .none ? "" : ", rotated \(rotation.rawValue)")
    }

    private let fd: Int32
    private let memory: UnsafeMutableRawPointer
    private let memoryLength: Int
    private let lineLength: Int
    private let bitsPerPixel: Int
    private let shifts: (red: UInt32, green: UInt32, blue: UInt32)
    private var variable: fb_var_screeninfo
    private let panning: Bool
    private var shown = 0
    private var lastDamage: [DamageRect] = []
    private var first = true
    private let saved: [UInt8]
    private var closed = false
    /// A 16 bpp screen's picture dithered (``RGB565``), kept at the canvas's size so only
    /// the damage is dithered again.
    private var dithered = Canvas(width: 0, height: 0)

    public private(set) var framesPresented = 0

    /// The corresponding C calls are `FBIOGET_VSCREENINFO`, `FBIOGET_FSCREENINFO` and `mmap`.
    public init(device: String = "/dev/fb0", rotation: ScreenRotation = .none) throws(OutputError) {
        let fd = try openFile(device, O_RDWR)
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        do {
            try systemCall("FBIOGET_VSCREENINFO", device: device) { flipclock_fb_get_var(fd, &v) }
            try systemCall("FBIOGET_FSCREENINFO", device: device) { flipclock_fb_get_fix(fd, &f) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        let bpp = Int(v.bits_per_pixel)
        guard bpp == 32 || (bpp == 16 && v.red.length == 5 && v.green.length == 6 && v.blue.length == 5) else {
            Glibc.close(fd)
            throw .unsupportedFormat(
                device: device,
                format:
                    "\(bpp) bpp, red \(v.red.length)@\(v.red.offset) green \(v.green.length)@\(v.green.offset) blue \(v.blue.length)@\(v.blue.offset)"
            )
        }
        let length = Int(f.smem_len)
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            let code = Errno.current
            Glibc.close(fd)
            throw .call(function: "mmap", device: device, errno: code)
        }
        self.fd = fd
        self.rotation = rotation
        devicePath = device
        memory = address
        memoryLength = length
        lineLength = Int(f.line_length)
        bitsPerPixel = bpp
        shifts = (v.red.offset, v.green.offset, v.blue.offset)
        size = PixelSize(width: Int(v.xres), height: Int(v.yres))
        // pixclock is picoseconds per pixel; a whole frame is the visible and blanking pixels.
        let total = Double(v.xres + v.left_margin + v.right_margin + v.hsync_len) * Double(v.yres + v.upper_margin + v.lower_margin + v.vsync_len)
        refreshRate = v.pixclock > 0 && total > 0 ? min(240, max(10, 1e12 / (Double(v.pixclock) * total))) : 60
        panning = v.yres_virtual >= 2 * v.yres && f.ypanstep > 0 && length >= 2 * Int(v.yres) * Int(f.line_length)
        variable = v
        saved = Array(UnsafeRawBufferPointer(start: address, count: length))
    }

    deinit { assert(closed, "FBDevOutput.close() must run: it gives the console back") }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        if panning {
            // The hidden screen was last drawn two frames ago: it misses the last frame's damage too.
            let target = 1 - shown
            if first {
                copy(canvas, [canvas.bounds], screen: shown)
                copy(canvas, [canvas.bounds], screen: target)
            } else {
                copy(canvas, lastDamage + damage, screen: target)
            }
            variable.yoffset = UInt32(target * size.height)
            try systemCall("FBIOPAN_DISPLAY", device: devicePath) { flipclock_fb_pan(fd, &variable) }
            shown = target
        } else {
            copy(canvas, first ? [canvas.bounds] : damage, screen: 0)
        }
        lastDamage = damage
        first = false
        framesPresented += 1
    }

    public func handleEvents() throws(OutputError) {}

    /// The console draws its own screen while switched away; nothing to give up.
    public func suspend() {}

    public func resume() throws(OutputError) {
        first = true
        if panning { try systemCall("FBIOPAN_DISPLAY", device: devicePath) { flipclock_fb_pan(fd, &variable) } }
    }

    /// Blanks the framebuffer (powering the display down) or unblanks it.
    ///
    /// The corresponding ioctl is `FBIOBLANK`; drivers without it (`EINVAL`) stay lit.
    public func setPower(_ on: Bool) throws(OutputError) {
        do {
            try valueOrErrno { flipclock_fb_blank(fd, on ? 0 : 1) }
        } catch {
            guard error == .invalidArgument else { throw .call(function: "FBIOBLANK", device: devicePath, errno: error) }
        }
        if on { first = true }
    }

    /// Converts and copies `rects` of `canvas`, turned, into screen `screen` (0 or 1 of a panned pair).
    private func copy(_ canvas: Canvas, _ rects: [DamageRect], screen: Int) {
        let base = memory + screen * size.height * lineLength
        // A canvas of another size would be copied past the end of the mapping.
        precondition(canvas.width == canvasSize.width && canvas.height == canvasSize.height, "the canvas must be the screen's size, turned")
        for r in rects {
            if bitsPerPixel == 16 {
                if dithered.width != canvas.width || dithered.height != canvas.height {
                    dithered = Canvas(width: canvas.width, height: canvas.height)
                }
                RGB565.dither(canvas, r, into: &dithered)
                rotation.copy(r, of: dithered, to: base, pitch: lineLength, convert: Self.rgb565)
            } else if shifts == (16, 8, 0) {
                rotation.copy(r, of: canvas, to: base, pitch: lineLength)
            } else {
                rotation.copy(r, of: canvas, to: base, pitch: lineLength, convert: swizzle)
            }
        }
    }

    /// An XRGB pixel in the device's channel order.
    @inline(__always) private func swizzle(_ p: UInt32) -> UInt32 {
        let red: UInt32 = ((p >> 16) & 0xFF) << shifts.red
        let green: UInt32 = ((p >> 8) & 0xFF) << shifts.green
        let blue: UInt32 = (p & 0xFF) << shifts.blue
        return red | green | blue
    }

    /// An XRGB pixel as RGB565: the top 5, 6 and 5 bits of red, green and blue.
    @inline(__always) static func rgb565(_ p: UInt32) -> UInt16 {
        let red: UInt32 = (p >> 19) & 0x1F
        let green: UInt32 = (p >> 10) & 0x3F
        let blue: UInt32 = (p >> 3) & 0x1F
        return UInt16(red << 11 | green << 5 | blue)
    }

    public func close() {
        guard !closed else { return }
        closed = true
        saved.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: memoryLength) }
        if panning {
            variable.yoffset = 0
            _ = flipclock_fb_pan(fd, &variable)
        }
        munmap(memory, memoryLength)
        Glibc.close(fd)
    }
}

import CDRM
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// A dumb buffer the display scans out: created, added as an XRGB8888 framebuffer, mapped.
///
/// The mapping is write-combined memory: write it, never read it back.
final class DumbBuffer {
    let fd: Int32
    let device: String
    let width: Int
    let height: Int
    let handle: UInt32
    let pitch: Int
    let size: Int
    let framebuffer: UInt32
    let pixels: UnsafeMutableRawPointer
    private var released = false

    /// The corresponding C calls are `DRM_IOCTL_MODE_CREATE_DUMB`, `drmModeAddFB2` and
    /// `DRM_IOCTL_MODE_MAP_DUMB` with `mmap`.
    init(fd: Int32, device: String, width: Int, height: Int) throws(OutputError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try systemCall("DRM_IOCTL_MODE_CREATE_DUMB", device: device) {
            flipclock_drm_create_dumb(fd, UInt32(width), UInt32(height), &handle, &pitch, &size)
        }
        var framebuffer: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let added = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), flipclock_drm_format_xrgb8888(),
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &framebuffer, 0)
                }
            }
        }
        guard added == 0 else {
            _ = flipclock_drm_destroy_dumb(fd, handle)
            throw .call(function: "drmModeAddFB2", device: device, errno: Errno(rawValue: -added))
        }
        var offset: UInt64 = 0
        let mapped = flipclock_drm_map_dumb(fd, handle, &offset)
        let address = mapped == 0 ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)) : MAP_FAILED
        guard let address, address != MAP_FAILED else {
            let code = Errno.current
            drmModeRmFB(fd, framebuffer)
            _ = flipclock_drm_destroy_dumb(fd, handle)
            throw .call(function: "mmap of a dumb buffer", device: device, errno: code)
        }
        self.fd = fd
        self.device = device
        self.width = width
        self.height = height
        self.handle = handle
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.framebuffer = framebuffer
        self.pixels = address
    }

    /// Copies `rects` of `canvas` into the buffer turned by `rotation`, honouring the pitch.
    func copy(_ canvas: Canvas, _ rects: [DamageRect], rotation: ScreenRotation) {
        // A canvas of another size would be copied past the end of the mapping.
        let fits = rotation.outputSize(of: PixelSize(width: canvas.width, height: canvas.height)) == PixelSize(width: width, height: height)
        precondition(fits, "the canvas must be the buffer's size, turned")
        for rect in rects { rotation.copy(rect, of: canvas, to: pixels, pitch: pitch) }
    }

    func release() {
        guard !released else { return }
        released = true
        munmap(pixels, size)
        drmModeRmFB(fd, framebuffer)
        _ = flipclock_drm_destroy_dumb(fd, handle)
    }

    deinit { assert(released, "DumbBuffer.release() must run before the buffer goes") }
}

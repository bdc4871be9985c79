import FlipClockCore
import FlipClockDisplay

/// An output that keeps the screen in memory: each frame's damage copied into a buffer the
/// size of the screen, rows 64-byte aligned, as the DRM output copies into its scan-out
/// buffer. Nothing is encoded or shown, so a soak measures the loop and the renderer.
final class ShadowOutput: FrameOutput {
    let size: PixelSize
    let rotation = ScreenRotation.none
    let refreshRate: Double
    let eventDescriptor: Int32? = nil
    private let pitch: Int
    private let memory: UnsafeMutableRawPointer
    private(set) var frames = 0

    var name: String { "memory \(size.width)x\(size.height)@\(Int(refreshRate))" }

    init(width: Int, height: Int, refreshRate: Double) {
        size = PixelSize(width: width, height: height)
        self.refreshRate = refreshRate
        pitch = (width * 4 + 63) / 64 * 64
        memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
    }

    deinit { memory.deallocate() }

    func present(_ canvas: Canvas, damage: [DamageRect]) throws(DisplayError) {
        frames += 1
        for rect in damage { rotation.copy(rect, of: canvas, to: memory, pitch: pitch) }
    }

    func handleEvents() throws(DisplayError) {}
    func suspend() {}
    func resume() throws(DisplayError) {}
    func close() {}
}

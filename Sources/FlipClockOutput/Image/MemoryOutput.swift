import FlipClockCore

/// An output that keeps the screen in memory: each frame's damage copied into a picture the
/// output's size, turned by its rotation, as a screen's scan-out buffer would hold it.
///
/// It stands beside the DRM and fbdev outputs as an in-memory display: the preview, the
/// image output and the tests present frames here and read back what a screen would show.
public final class MemoryOutput: FrameOutput {
    public let size: PixelSize
    public let rotation: ScreenRotation
    public let refreshRate: Double
    public var eventDescriptor: Int32? { nil }
    public var name: String { "memory \(size.width)x\(size.height)@\(Int(refreshRate))" }

    /// What the screen shows: the output's own pixels.
    public private(set) var picture: Canvas
    /// Frames presented.
    public private(set) var frames = 0

    public init(size: PixelSize, rotation: ScreenRotation = .none, refreshRate: Double = 60) {
        self.size = size
        self.rotation = rotation
        self.refreshRate = refreshRate
        picture = Canvas(width: size.width, height: size.height)
    }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        precondition(canvas.width == canvasSize.width && canvas.height == canvasSize.height, "the canvas must be the output's size, turned")
        let pitch = size.width * 4
        picture.pixels.withUnsafeMutableBytes { memory in
            for rect in damage { rotation.copy(rect, of: canvas, to: memory.baseAddress!, pitch: pitch) }
        }
        frames += 1
    }

    public func handleEvents() throws(OutputError) {}
    public func suspend() {}
    public func resume() throws(OutputError) {}
    public func close() {}
}

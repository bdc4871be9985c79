import FlipClockCore
import FlipClockOutput

/// An output that only counts frames (and notes the canvas sizes it was given).
public final class CountingOutput: FrameOutput {
    public let name = "counting 96x60@5"
    public let size = PixelSize(width: 96, height: 60)
    public let rotation: ScreenRotation
    public let refreshRate = 5.0
    public let eventDescriptor: Int32? = nil
    public private(set) var frames = 0
    /// The background's pixel in each frame presented, and each power change asked for.
    public private(set) var backgrounds: [UInt32] = []
    public private(set) var power: [Bool] = []
    /// The last canvas presented.
    public private(set) var last: Canvas?
    public private(set) var canvasSizes: Set<PixelSize> = []
    public let connector: String?

    public init(rotation: ScreenRotation = .none, connector: String? = nil) {
        self.rotation = rotation
        self.connector = connector
    }

    public func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        frames += 1
        backgrounds.append(canvas[0, 0])
        last = canvas
        canvasSizes.insert(PixelSize(width: canvas.width, height: canvas.height))
    }

    public func setPower(_ on: Bool) throws(OutputError) { power.append(on) }
    public func handleEvents() throws(OutputError) {}
    public func suspend() {}
    public func resume() throws(OutputError) {}
    public func close() {}
}

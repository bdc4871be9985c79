import FlipClockCore

/// The image output: every presented frame becomes `DIR/frame-NNNNN.png`.
///
/// It stands beside the screen outputs the way an in-memory display stands beside a real
/// one: previews, documentation and tests present frames here.
public struct PNGFrameOutput: Sendable {
    public let directory: String
    public private(set) var framesWritten = 0

    public init(directory: String) {
        self.directory = directory
    }

    /// The file the frame numbered `index` is written to.
    public func path(forFrame index: Int) -> String {
        let digits = String(index)
        return "\(directory)/frame-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits).png"
    }

    /// Writes the canvas as the next frame; returns its path.
    @discardableResult
    public mutating func present(_ canvas: Canvas) throws(PNGError) -> String {
        let path = path(forFrame: framesWritten)
        try PNGFile.write(canvas, to: path)
        framesWritten += 1
        return path
    }
}

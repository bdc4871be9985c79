import FlipClockCore

/// Where the daemon's frames go: a screen through DRM/KMS or fbdev, or an image file.
///
/// The renderer draws into its own canvas in ordinary memory, upright at ``canvasSize``; an
/// output copies the damaged rectangles to the screen, turned by its ``rotation``. Teardown that must happen (restoring the console) is
/// ``close()``, which the daemon calls on every way out.
public protocol FrameOutput: AnyObject {
    /// What the output shows, for the log: `/dev/dri/card0 Virtual-1 1280x800@75`.
    var name: String { get }
    /// The output's own pixels (its mode's size).
    var size: PixelSize { get }
    /// How the picture is turned on the output.
    var rotation: ScreenRotation { get }
    /// Frames per second while something moves.
    var refreshRate: Double { get }
    /// A descriptor to wait on for the output's events (page flips), if it has any.
    var eventDescriptor: Int32? { get }

    /// Shows `canvas` (``canvasSize``, upright), of which only `damage` changed since the last frame.
    func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError)
    /// Handles what arrived on ``eventDescriptor``.
    func handleEvents() throws(OutputError)
    /// Stops using the screen (its virtual terminal was switched away): no drawing until ``resume()``.
    func suspend()
    /// Takes the screen again; the next ``present(_:damage:)`` redraws all of it.
    func resume() throws(OutputError)
    /// Gives the screen back as it was found.
    func close()
    /// Turns the screen off (DPMS off, blanked) or on again; on, the next present redraws all.
    /// Outputs with nothing to turn off (image files) do nothing.
    func setPower(_ on: Bool) throws(OutputError)
    /// The connector's name, for outputs that have one (`HDMI-A-1`): a screen's own settings.
    var connector: String? { get }
}

extension FrameOutput {
    public func setPower(_ on: Bool) throws(OutputError) {}
    public var connector: String? { nil }
}

extension FrameOutput {
    /// The size of the upright canvas the face is rendered on: portrait for a quarter turn of
    /// a landscape mode.
    public var canvasSize: PixelSize { rotation.logicalSize(of: size) }
}

import FlipClockCore
import FlipClockOutput

/// An output the bench puts in front of the screen to watch its presents: everything but
/// `present` (and what a watcher says otherwise) is the screen's own.
protocol WatchedScreen: FrameOutput {
    var screen: any FrameOutput { get }
}

extension WatchedScreen {
    var name: String { screen.name }
    var size: PixelSize { screen.size }
    var rotation: ScreenRotation { screen.rotation }
    var refreshRate: Double { screen.refreshRate }
    var eventDescriptor: Int32? { screen.eventDescriptor }
    var connector: String? { screen.connector }
    func handleEvents() throws(OutputError) { try screen.handleEvents() }
    func suspend() { screen.suspend() }
    func resume() throws(OutputError) { try screen.resume() }
    func setPower(_ on: Bool) throws(OutputError) { try screen.setPower(on) }
    func close() { screen.close() }
}

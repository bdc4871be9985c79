/// What a screen shows, as a PNG file (`GET /v1/snapshot.png`): the output's name, the frame
/// count it was taken at (the same count, the same picture), and the file's bytes.
public struct ScreenSnapshot: Sendable {
    public var screen: String
    public var frame: Int
    public var png: [UInt8]

    public init(screen: String, frame: Int, png: [UInt8]) {
        self.screen = screen
        self.frame = frame
        self.png = png
    }
}

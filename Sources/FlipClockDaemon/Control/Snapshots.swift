import FlipClockControl
import FlipClockCore
import FlipClockOutput

/// What the screens show, as PNG files (`GET /v1/snapshot.png`): the pictures taken by the
/// loop, the files made here, off the loop's thread, one at a time, and kept until the screens
/// present another frame, so many phones looking cost one file.
public actor Snapshots {
    private let waiting: WaitingRequests
    /// The last file made of each screen.
    private var kept: [String: ScreenSnapshot] = [:]

    public init(waiting: WaitingRequests) {
        self.waiting = waiting
    }

    /// The screen named `screen` (the first if `nil`) as a PNG file, or why not: no such
    /// screen, none connected, the clock busy.
    public func snapshot(of screen: String?) async throws(ControlError) -> ScreenSnapshot {
        let pictures = try await waiting.pictures()
        kept = kept.filter { name, _ in pictures.contains { $0.screen == name } }
        guard !pictures.isEmpty else { throw ControlError(.state, "no screen is connected") }
        guard let picture = screen.map({ name in pictures.first { $0.screen == name } }) ?? pictures.first else {
            throw ControlError(.unknownScreen, unknownName(screen ?? "", kind: "screen", known: pictures.map(\.screen)))
        }
        if let file = kept[picture.screen], file.frame == picture.frame { return file }
        let png: [UInt8]
        do {
            png = try PNGFile.encode(picture.canvas, name: "the snapshot of \(picture.screen)")
        } catch {
            throw ControlError(.state, "\(error)")
        }
        let file = ScreenSnapshot(screen: picture.screen, frame: picture.frame, png: png)
        kept[picture.screen] = file
        return file
    }
}

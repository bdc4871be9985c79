/// The screens the daemon draws on: fixed outputs (the framebuffer, PNG frames, a test's), or
/// a DRM card's connected connectors, which change as monitors are plugged in and out.
public final class OutputSet {
    /// The card whose connectors are followed, if the screens are a DRM card's.
    public let card: DRMCard?
    private let fixed: [FrameOutput]

    public convenience init(_ output: FrameOutput) { self.init([output]) }

    public init(_ outputs: [FrameOutput]) {
        card = nil
        fixed = outputs
    }

    public init(_ card: DRMCard) {
        self.card = card
        fixed = []
    }

    /// The outputs open now.
    public var open: [FrameOutput] { card?.outputs ?? fixed }

    /// What the log and systemd's status call them: each output's name, `, ` between.
    public var name: String {
        let names = open.map(\.name)
        return names.isEmpty ? "\(card?.path ?? "-") (no screen connected)" : names.joined(separator: ", ")
    }

    /// Gives every screen back as it was found.
    public func close() {
        for output in fixed { output.close() }
        card?.close()
    }
}

import CLinux
import FlipClockCore
import FlipClockOutput
import Glibc

/// Where an idle run's frames go: kept in memory (a ``MemoryOutput`` of a mode's size and
/// refresh, unturned), or on the first connected screen of a DRM card, as the daemon shows
/// them, turned by `rotation` (`output.rotation`).
enum IdleOutput: Equatable {
    case memory(width: Int, height: Int, hertz: Int)
    case drm(rotation: ScreenRotation)

    /// 1920×1080 at 60 Hz in memory: the bench's own figures.
    static let standard = IdleOutput.memory(width: BenchScene.width, height: BenchScene.height, hertz: 60)

    /// Whether the frames are kept in memory rather than shown.
    var inMemory: Bool {
        if case .memory = self { true } else { false }
    }

    /// The child's arguments naming this output: `--output drm [--rotation 90]`, or `--mode 1280x800@75`.
    var arguments: [String] {
        switch self {
        case .drm(let rotation): ["--output", "drm"] + (rotation == .none ? [] : ["--rotation", "\(rotation.rawValue)"])
        case let .memory(width, height, hertz): ["--mode", "\(width)x\(height)@\(hertz)"]
        }
    }

    /// The output `arguments` name (what follows FACE MINUTES), or `nil` if they name none.
    static func parse(_ arguments: ArraySlice<String>) -> IdleOutput? {
        let words = Array(arguments)
        if words.isEmpty { return .standard }
        if words == ["--output", "drm"] { return .drm(rotation: .none) }
        if words.count == 4, words[0...2] == ["--output", "drm", "--rotation"] {
            return Int(words[3]).flatMap(ScreenRotation.init(rawValue:)).map { .drm(rotation: $0) }
        }
        guard words.count == 2, words[0] == "--mode" else { return nil }
        let parts = words[1].split(whereSeparator: { $0 == "x" || $0 == "@" }).map { Int($0) }
        guard parts.count == 3, let width = parts[0], let height = parts[1], let hertz = parts[2],
            (16...8192).contains(width), (16...8192).contains(height), (1...240).contains(hertz)
        else { return nil }
        return .memory(width: width, height: height, hertz: hertz)
    }

    /// The screen to show the frames on, watched; the DRM card is opened as the daemon opens
    /// it (master, every connected connector's preferred mode) and closed with the screen.
    func open(_ configuration: ClockConfiguration) throws -> TimedOutput {
        switch self {
        case let .memory(width, height, hertz):
            return TimedOutput(MemoryOutput(size: PixelSize(width: width, height: height), refreshRate: Double(hertz)))
        case .drm(let rotation):
            var configuration = configuration
            configuration.screen.rotation = rotation
            let card = try DRMCard(device: configuration.device, connectors: configuration.connectors) { configuration.screen($0) }
            guard let screen = card.outputs.first else {
                card.close()
                throw OutputError.noConnectedDisplay(found: [card.path])
            }
            return TimedOutput(screen, closing: card.close)
        }
    }
}

/// An output the bench watches: when the first frame was drawn (its present began) and when
/// it was on the screen (its present returned: on DRM, after the mode set), how long the
/// first page flip after it took to complete, and the time spent presenting.
final class TimedOutput: WatchedScreen {
    let screen: any FrameOutput
    private let closing: () -> Void
    private(set) var drawnAt: UInt64?
    private(set) var firstAt: UInt64?
    /// When the first page flip was queued and when its event came (DRM only).
    private(set) var flipQueuedAt: UInt64?
    private(set) var flipDoneAt: UInt64?
    /// Wall time inside ``present(_:damage:)``, and how many there were.
    private(set) var presentNanoseconds: UInt64 = 0
    private(set) var presents = 0

    init(_ screen: any FrameOutput, closing: @escaping () -> Void = {}) {
        self.screen = screen
        self.closing = closing
    }

    func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        let began = IdleRun.monotonicNanoseconds()
        if drawnAt == nil { drawnAt = began }
        try screen.present(canvas, damage: damage)
        let ended = IdleRun.monotonicNanoseconds()
        presentNanoseconds += ended - began
        presents += 1
        if firstAt == nil {
            firstAt = ended
        } else if flipQueuedAt == nil, let drm = screen as? DRMOutput {
            // The first page flip: waited for here, once, so its time is known.
            flipQueuedAt = ended
            try waitForFlip(drm)
        }
    }

    /// Waits up to a second for `drm`'s first page flip to complete.
    private func waitForFlip(_ drm: DRMOutput) throws(OutputError) {
        var tries = 0
        while drm.flipsCompleted == 0, tries < 20 {
            var p = pollfd(fd: drm.eventDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 50) > 0 { try drm.handleEvents() } else { tries += 1 }
        }
        if drm.flipsCompleted > 0 { flipDoneAt = IdleRun.monotonicNanoseconds() }
    }

    func close() {
        screen.close()
        closing()
    }
}

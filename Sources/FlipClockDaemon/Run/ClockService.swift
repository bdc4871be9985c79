import FlipClockDisplay
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// The clock loop as a service of the daemon's `ServiceGroup`.
///
/// It opens the output (waiting for a display that is missing or busy), then runs the loop.
/// The loop waits on descriptors (the display's events, the control socket, its clocks), so
/// it runs on a thread of its own; the group's graceful shutdown (SIGTERM, SIGINT) and task
/// cancellation ask it to stop, and it returns once the screen is given back.
public final class ClockService: Service, @unchecked Sendable {
    public typealias Start = (LoopRequests) async throws -> ClockLoop?
    // The loop is touched only by its own thread once it starts; other threads reach it
    // through `requests`, which are Sendable.
    public let requests = LoopRequests()
    private let start: Start
    public private(set) var report: ClockLoop.Report?

    /// `start` opens the output and makes the loop; `nil` if it was stopped while waiting.
    public init(start: @escaping Start) {
        self.start = start
    }

    public func run() async throws {
        guard let made = try await start(requests) else { return }
        // Handed to the loop's thread and touched by no other.
        nonisolated(unsafe) let loop = made
        let requests = self.requests
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                report = try await withCheckedThrowingContinuation { (done: CheckedContinuation<ClockLoop.Report, any Error>) in
                    let thread = Thread {
                        do { done.resume(returning: try loop.run()) } catch { done.resume(throwing: error) }
                    }
                    thread.name = "clock"
                    thread.start()
                }
            } onCancel: {
                requests.send(.stop)
            }
        } onGracefulShutdown: {
            requests.send(.stop)
        }
    }
}

/// Signals that ask the loop for something: SIGHUP reloads the configuration (`systemctl
/// reload`); the console's release and acquire signals hand the display over and take it back.
public struct SignalService: Service {
    let requests: LoopRequests
    let signals: UnixSignalsSequence
    let logger: Logger

    /// Traps the signals at once, so none that comes before the group runs is lost.
    public init(requests: LoopRequests, logger: Logger) async {
        self.requests = requests
        self.logger = logger
        signals = await UnixSignalsSequence(trapping: .sighup, .sigusr1, .sigusr2)
    }

    public func run() async {
        for await signal in signals.cancelOnGracefulShutdown() {
            if signal == .sighup {
                logger.info("SIGHUP: reloading the configuration")
                requests.send(.reload)
            } else {
                requests.send(signal.rawValue == VirtualTerminal.releaseSignal ? .terminalReleased : .terminalAcquired)
            }
        }
    }
}

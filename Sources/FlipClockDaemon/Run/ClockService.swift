import FlipClockOutput
import FlipClockSystem
import FoundationEssentials
import Logging
import ServiceLifecycle
import UnixSignals

/// The clock loop as a service of the daemon's `ServiceGroup`.
///
/// The loop waits on descriptors (the display's events, the control socket, its clocks), so
/// it runs on a thread of its own, which also opens the output (waiting for a display that is
/// missing or busy) and takes the console: the kernel signals a console switch to the thread
/// that took it over, and kernel 6.1 lets only the thread that opened a DRM device become
/// its master again. The group's graceful shutdown (SIGTERM, SIGINT) and task cancellation
/// ask it to stop, and it returns once the screen is given back.
public final class ClockService: Service, @unchecked Sendable {
    /// Opens the output and makes the loop, on the loop's thread; `nil` if a stop was asked
    /// while it waited.
    public typealias Start = (LoopRequests) throws -> ClockLoop?
    // The report is written by the loop's thread before it resumes the task that reads it.
    public let requests = LoopRequests()
    private let start: Start
    public private(set) var report: ClockLoop.Report?

    public init(start: @escaping Start) {
        self.start = start
    }

    public func run() async throws {
        let requests = self.requests
        // Called on the loop's thread only, and only once.
        nonisolated(unsafe) let start = self.start
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                report = try await withCheckedThrowingContinuation { (done: CheckedContinuation<ClockLoop.Report?, any Error>) in
                    NamedThread.start(name: "clock") {
                        do {
                            guard let loop = try start(requests) else { return done.resume(returning: nil) }
                            done.resume(returning: try loop.run())
                        } catch {
                            done.resume(throwing: error)
                        }
                    }
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
                // Said by the loop, once for the signals one reload answers.
                requests.send(.reload)
            } else {
                requests.send(signal.rawValue == VirtualTerminal.releaseSignal ? .terminalReleased : .terminalAcquired)
            }
        }
    }
}

import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// The clock loop as a service of the daemon's `ServiceGroup`.
///
/// The loop waits on descriptors (the display's events, the control socket, its clocks), so
/// it runs on a thread of its own; the group's graceful shutdown (SIGTERM, SIGINT) and task
/// cancellation ask it to stop, and it returns once the screen is given back.
public final class ClockService: Service, @unchecked Sendable {
    // The loop is touched only by its own thread once `run()` starts it; other threads reach
    // it through its `requests`, which are Sendable.
    private let loop: ClockLoop
    private let requests: LoopRequests
    public private(set) var report: ClockLoop.Report?

    public init(loop: ClockLoop) {
        self.loop = loop
        requests = loop.requests
    }

    public func run() async throws {
        let requests = self.requests
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                report = try await withCheckedThrowingContinuation { (done: CheckedContinuation<ClockLoop.Report, any Error>) in
                    let thread = Thread { [self] in
                        do { done.resume(returning: try loop.run()) } catch { done.resume(throwing: error) }
                    }
                    thread.name = "clock"
                    thread.start()
                }
            } onCancel: {
                requests.stop()
            }
        } onGracefulShutdown: {
            requests.stop()
        }
    }
}

/// SIGHUP reloads the configuration (`systemctl reload`), until the group shuts down.
public struct HangupService: Service {
    let requests: LoopRequests
    let logger: Logger

    public init(requests: LoopRequests, logger: Logger) {
        self.requests = requests
        self.logger = logger
    }

    public func run() async {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            logger.info("SIGHUP: reloading the configuration")
            requests.reload()
        }
    }
}

import FlipClockControl
import Synchronization

/// Those who listen to the clock's events (`GET /v1/events`) and what the loop tells them.
///
/// Bounded: at most ``capacity`` listen at once, and a listener that does not keep up keeps
/// only the newest ``backlog`` events (the state it needs is in the newest). The loop asks
/// ``isHeard`` first, so a clock nobody listens to makes no events.
public final class ClockEvents: Sendable {
    public let capacity: Int
    public let backlog: Int
    private let listeners = Mutex<(next: Int, all: [Int: AsyncStream<ClockEvent>.Continuation])>((0, [:]))

    public init(capacity: Int = 16, backlog: Int = 8) {
        self.capacity = capacity
        self.backlog = backlog
    }

    /// The events from now on until the stream is let go, or `nil` when ``capacity`` listen
    /// already.
    public func listen() -> AsyncStream<ClockEvent>? {
        let (stream, continuation) = AsyncStream<ClockEvent>.makeStream(bufferingPolicy: .bufferingNewest(backlog))
        let id: Int? = listeners.withLock { listeners in
            guard listeners.all.count < capacity else { return nil }
            defer { listeners.next += 1 }
            listeners.all[listeners.next] = continuation
            return listeners.next
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.all.removeValue(forKey: id) } }
        return stream
    }

    /// Whether anyone listens.
    public var isHeard: Bool { listeners.withLock { !$0.all.isEmpty } }

    /// Tells every listener.
    func tell(_ event: ClockEvent) {
        for listener in listeners.withLock({ Array($0.all.values) }) { listener.yield(event) }
    }
}

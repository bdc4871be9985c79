import CLinux
import Glibc

/// What the loop waits on: descriptors, each source with what to do when one is readable.
///
/// A source names its descriptors afresh at every wake (a hotplugged screen's card, a new
/// control client), so adding one (an HTTP server's queue, an MQTT connection) is one
/// ``register(_:descriptors:handle:)``. Sources are handled in the order they were
/// registered; one with no descriptors is handled at every wake.
struct EventSources {
    private struct Source {
        var name: String
        var descriptors: () -> [Int32]
        var handle: (Set<Int32>) throws -> Void
        var everyWake: Bool
    }

    private var sources: [Source] = []

    /// Adds a source: `handle` gets its descriptors that are readable (or have hung up),
    /// when one is, or at every wake (a source with deadlines of its own).
    mutating func register(
        _ name: String, descriptors: @escaping () -> [Int32], everyWake: Bool = false, handle: @escaping (Set<Int32>) throws -> Void
    ) {
        sources.append(Source(name: name, descriptors: descriptors, handle: handle, everyWake: everyWake))
    }

    /// Adds a step handled at every wake, after the sources registered before it.
    mutating func register(_ name: String, everyWake handle: @escaping () throws -> Void) {
        sources.append(Source(name: name, descriptors: { [] }, handle: { _ in try handle() }, everyWake: true))
    }

    /// The descriptors to poll now, one entry each (a descriptor two sources share is polled once).
    func pollSet() -> [pollfd] {
        var seen = Set<Int32>()
        return sources.flatMap { $0.descriptors() }.filter { seen.insert($0).inserted }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    /// Hands each source its descriptors that `polled` found ready and that still are, while
    /// `going` (a stop request ends the wake's handling).
    ///
    /// What a source handled first may have read another's descriptor dry: switching away from
    /// the console waits for the card's page flip and reads its event, and the card's own
    /// source, handed the descriptor poll found ready before that, would read nothing.
    func dispatch(_ polled: [pollfd], while going: () -> Bool) throws {
        let ready = Set(polled.filter { $0.revents != 0 }.map(\.fd))
        var handled = false
        for source in sources {
            guard going() else { return }
            var mine = ready.intersection(source.descriptors())
            if handled, !mine.isEmpty { mine = Self.stillReady(mine) }
            if source.everyWake || !mine.isEmpty {
                try source.handle(mine)
                handled = true
            }
        }
    }

    /// Those of `descriptors` that are readable (or have hung up) now, not waited for.
    static func stillReady(_ descriptors: Set<Int32>) -> Set<Int32> {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return [] }
        return Set(fds.filter { $0.revents != 0 }.map(\.fd))
    }
}

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

    /// Hands each source its descriptors that `polled` found ready, while `going` (a stop
    /// request ends the wake's handling).
    func dispatch(_ polled: [pollfd], while going: () -> Bool) throws {
        let ready = Set(polled.filter { $0.revents != 0 }.map(\.fd))
        for source in sources {
            guard going() else { return }
            let mine = ready.intersection(source.descriptors())
            if source.everyWake || !mine.isEmpty { try source.handle(mine) }
        }
    }
}

import CLinux
import Glibc
import Testing

@testable import FlipClockDaemon

/// What a wake hands each source: only descriptors that are still readable when its turn comes.
@Suite struct EventSourcesTests {
    /// A pipe with a byte in it: poll finds its reading end ready.
    static func filledPipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe: errno \(errno)")
        var byte: UInt8 = 1
        precondition(write(ends[1], &byte, 1) == 1, "write: errno \(errno)")
        return (ends[0], ends[1])
    }

    static func drain(_ fd: Int32) {
        var byte: UInt8 = 0
        _ = read(fd, &byte, 1)
    }

    /// Switching away from the console reads the card's page-flip event (it waits for the
    /// flip): the card's own source, registered after it, must not be handed the descriptor
    /// poll found ready before that, or its blocking read waits for an event that never comes
    /// and the loop, its control socket and the watchdog stop.
    @Test func aDescriptorAnEarlierSourceReadDryIsNotHandedOn() throws {
        let card = Self.filledPipe()
        defer { close(card.read); close(card.write) }
        var sources = EventSources()
        var handed: [Set<Int32>] = []
        sources.register("console", everyWake: { Self.drain(card.read) })
        sources.register("outputs", descriptors: { [card.read] }, handle: { handed.append($0) })
        var polled = sources.pollSet()
        #expect(poll(&polled, nfds_t(polled.count), 0) == 1)
        try sources.dispatch(polled, while: { true })
        #expect(handed == [])
    }

    @Test func aDescriptorStillReadyIsHandedAfterAnEarlierSource() throws {
        let card = Self.filledPipe()
        defer { close(card.read); close(card.write) }
        var sources = EventSources()
        var handed: [Set<Int32>] = []
        var everyWake = 0
        sources.register("console", everyWake: { everyWake += 1 })
        sources.register("outputs", descriptors: { [card.read] }, handle: { handed.append($0) })
        var polled = sources.pollSet()
        #expect(poll(&polled, nfds_t(polled.count), 0) == 1)
        try sources.dispatch(polled, while: { true })
        #expect(everyWake == 1)
        #expect(handed == [[card.read]])
    }
}

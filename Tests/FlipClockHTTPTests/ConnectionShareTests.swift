import Testing

@testable import FlipClockHTTP

/// One address holding 130–300 idle connections starved a client with the token for 40 s
/// (issue 31, 4): the share keeps room for a newcomer.
@Suite struct ConnectionShareTests {
    @Test func anAddressHoldsAtMostItsShareOfWaitingConnectionsAndGivesUpItsOldest() {
        var share = ConnectionShare(total: 8, perAddress: 3)
        #expect(share.opened(0, from: "a") == .admitted)
        #expect(share.opened(1, from: "a") == .admitted)
        #expect(share.opened(2, from: "a") == .admitted)
        #expect(share.opened(3, from: "a") == .admittedClosing(0))
        // One being answered does not count: a proxy's busy connections are not idle ones.
        share.answering(1, true)
        #expect(share.opened(4, from: "a") == .admitted)
        #expect(share.opened(5, from: "a") == .admittedClosing(2))
        #expect(share.count == 4)
    }

    @Test func aNewcomerFindsRoomWhenOthersHoldEverything() {
        var share = ConnectionShare(total: 6, perAddress: 4)
        for id in 0..<4 { #expect(share.opened(id, from: "idle") == .admitted) }
        #expect(share.opened(4, from: "b") == .admitted)
        #expect(share.opened(5, from: "b") == .admitted)
        // Full: the address holding most gives up its oldest waiting connection.
        #expect(share.opened(6, from: "token") == .admittedClosing(0))
        share.answering(6, true)
        #expect(share.opened(7, from: "c") == .admittedClosing(1))
        // "idle" holds 2, "b" 2, "token" 1, "c" 1: another from "c" would hold as many as
        // any other, so none gives way to it.
        #expect(share.opened(8, from: "c") == .refused)
        share.closed(4)
        #expect(share.opened(8, from: "c") == .admitted)
        #expect(share.count == 6)
    }

    /// The figure of the issue: 300 from one address, then a client: it is admitted every time.
    @Test func threeHundredIdleConnectionsLeaveRoomForAnother() {
        var share = ConnectionShare(total: 64, perAddress: 16)
        var refused = 0
        for id in 0..<300 where share.opened(id, from: "127.0.0.2") == .refused { refused += 1 }
        #expect(refused == 0)
        #expect(share.count == 16)
        for id in 300..<310 {
            #expect(share.opened(id, from: "127.0.0.1") != .refused)
            share.closed(id)
        }
    }
}

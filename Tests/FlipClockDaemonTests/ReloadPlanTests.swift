import Testing

@testable import FlipClockDaemon

/// When the loop reloads of its own: a storm of signals is a few reloads a gap apart, one
/// prepared at a time; a file saved reloads once it has been quiet.
@Suite struct ReloadPlanTests {
    @Test func signalsWhileOneIsPreparedAreOneReloadAGapAfterItEnds() {
        var plan = ReloadPlan()
        plan.signalled(at: .zero)
        #expect(plan.wake(preparing: false) == .zero)
        #expect(plan.begin(at: .zero, preparing: false) == 1)
        #expect(plan.wake(preparing: true) == nil)
        for k in 1...10 { plan.signalled(at: .milliseconds(k * 10)) }
        // Due, but not while the first is prepared, and no wake for it meanwhile.
        #expect(plan.begin(at: .milliseconds(120), preparing: true) == nil)
        #expect(plan.wake(preparing: true) == nil)
        plan.ended(at: .milliseconds(150))
        #expect(plan.wake(preparing: false) == .milliseconds(400))
        #expect(plan.begin(at: .milliseconds(399), preparing: false) == nil)
        #expect(plan.begin(at: .milliseconds(400), preparing: false) == 10)
        #expect(plan.wake(preparing: false) == nil)
    }

    @Test func aSignalAfterAReloadWaitsForTheGap() {
        var plan = ReloadPlan()
        plan.signalled(at: .seconds(1))
        #expect(plan.begin(at: .seconds(1), preparing: false) == 1)
        plan.ended(at: .seconds(1))
        #expect(plan.wake(preparing: false) == nil)
        plan.signalled(at: .milliseconds(1100))
        #expect(plan.wake(preparing: false) == .milliseconds(1250))
        plan.signalled(at: .seconds(2))
        #expect(plan.wake(preparing: false) == .milliseconds(1250))
    }

    @Test func aFileSavedReloadsOnceItsFolderIsQuiet() {
        var plan = ReloadPlan()
        plan.fileChanged(at: .seconds(1))
        plan.fileChanged(at: .milliseconds(1200))
        #expect(plan.begin(at: .milliseconds(1300), preparing: false) == nil)
        #expect(plan.wake(preparing: false) == .milliseconds(1500))
        #expect(plan.begin(at: .milliseconds(1500), preparing: false) == 0)
    }
}

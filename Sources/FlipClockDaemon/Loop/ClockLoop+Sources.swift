import FlipClockCore
import FlipClockKeypad
import FlipClockOutput
import FoundationEssentials
import Logging

extension ClockLoop {
    /// What the loop waits on, in the order it handles them: requests from other threads,
    /// the console, the outputs' events, monitors plugged in and out, the configuration's
    /// folder, the control socket and the requests other threads wait on.
    func eventSources(console: Console) -> EventSources {
        var sources = EventSources()
        sources.register(
            "requests", descriptors: { [requests] in [requests.descriptor] },
            handle: { [unowned self] _ in
                for request in requests.take() where !stopping {
                    switch request {
                    case .stop: stopping = true
                    case .reload: reloads.signalled(at: clock.now)
                    case .terminalReleased, .terminalAcquired: console.signal(released: request == .terminalReleased, screens: screens)
                    }
                }
            }
        )
        sources.register("console", everyWake: { [unowned self] in if console.follow(screens) { plan.frame = clock.now } })
        sources.register(
            "outputs", descriptors: { [unowned self] in screens.eventOutputs.compactMap(\.eventDescriptor) },
            handle: { [unowned self] ready in
                for output in screens.eventOutputs where ready.contains(output.eventDescriptor ?? -1) { try output.handleEvents() }
            }
        )
        // The kernel's device events: a monitor plugged into the card, an input device that may be the keypad.
        if outputs.card != nil || keypad != nil, let uevents = UeventSocket() {
            sources.register(
                "hotplug", descriptors: { [uevents.descriptor] },
                handle: { [unowned self] _ in
                    let events = uevents.take()
                    if let keypad, events.contains(where: Self.addsInputDevice) { keypad.added(at: clock.now) }
                    guard let card = outputs.card, events.contains(where: { $0.isHotplug(of: card.path) }) else { return }
                    if screens.followHotplug(card, showing: showing(reading())) { notifier?.ready(status: "showing the time on \(outputs.name)") }
                    plan.frame = min(plan.frame, clock.now)
                }
            )
        }
        if let keypad { register(keypad, in: &sources) }
        if let path = reload?.file, let watch = FolderWatch(folder: URL(fileURLWithPath: path).deletingLastPathComponent().path) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            sources.register(
                "configuration", descriptors: { [watch.descriptor] },
                handle: { [unowned self] _ in if watch.changedNames().contains(name) { reloads.fileChanged(at: clock.now) } }
            )
        }
        sources.register("held replies", everyWake: { [unowned self] in expireHeld() })
        sources.register("horn", everyWake: { [unowned self] in releaseRelayIfDue() })
        sources.register("reload", everyWake: { [unowned self] in reloadIfDue() })
        sources.register(
            "prepared reload", descriptors: { [unowned self] in preparing.map { [$0.descriptor] } ?? [] },
            handle: { [unowned self] _ in takePrepared() })
        if let control {
            // Every wake: a client past its deadline is dropped.
            sources.register(
                "control", descriptors: { control.descriptors }, everyWake: true,
                handle: { [unowned self] ready in
                    answer(control.service(ready, now: clock.now))
                    if let notice = control.takeNotice() { logger.warning("\(notice)") }
                }
            )
        }
        if let waiting {
            sources.register("waiting requests", descriptors: { [waiting.descriptor] }, handle: { [unowned self] _ in answer(waiting) })
        }
        return sources
    }
}

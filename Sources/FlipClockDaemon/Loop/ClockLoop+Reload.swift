import FlipClockControl
import FlipClockCore
import FlipClockKeypad
import FlipClockOutput
import Logging

extension ClockLoop {
    /// At every wake: a reload of its own that is due (``ReloadPlan``) is begun, prepared on a
    /// thread of its own (the daemon) or here at once; one is prepared at a time.
    func reloadIfDue() {
        guard let signals = reloads.begin(at: clock.now, preparing: preparing != nil) else { return }
        if signals > 0 { logger.info("SIGHUP: reloading the configuration", metadata: ["signals": "\(signals)"]) }
        if let reload, reload.offLoop, let thread = ReloadThread(reload.prepare) {
            notifier?.reloading()
            preparing = thread
        } else {
            reloadAndShow(at: clock.now)
            reloads.ended(at: clock.now)
        }
    }

    /// The reload prepared on its thread, once it is ready: taken now.
    func takePrepared() {
        guard let prepared = preparing?.take() else { return }
        preparing = nil
        take(prepared, at: clock.now)
        reloads.ended(at: clock.now)
    }

    /// Reads the configuration again here and shows it from `instant` on; on any error keeps
    /// the running one and says why. Returns whether it did. A reload being prepared on its
    /// thread meanwhile is not taken: it read the file before this one.
    @discardableResult
    func reloadAndShow(at instant: Duration) -> Bool {
        guard let reload else { return false }
        preparing = nil
        notifier?.reloading()
        return take(Result { try reload.prepare() }, at: instant)
    }

    /// Shows the configuration a reload read from `instant` on (rows that went or came fold in
    /// and out); if it could not be read, keeps the running one and says why. Returns whether
    /// it took it.
    @discardableResult
    func take(_ prepared: Result<Reload.Prepared, any Error>, at instant: Duration) -> Bool {
        releaseRelay()
        let new: ClockConfiguration, font: any GlyphSource
        switch prepared {
        case .success(let read):
            (new, font) = read
        case .failure(let error):
            lastReloadError = "\(error)"
            logger.error("reload failed; keeping the running configuration", metadata: ["error": "\(error)"])
            notifier?.ready(status: "reload failed: \(error)")
            return false
        }
        if new.output != configuration.output || new.device != configuration.device || new.connectors != configuration.connectors
            || new.screen != configuration.screen || new.screens != configuration.screens
        {
            logger.notice("output settings take effect at the next start", metadata: ["output": "\(new.output.rawValue)"])
        }
        if new.http != configuration.http {
            logger.notice("[http] settings take effect at the next start")
        }
        if new.mqtt?.withoutGroups != configuration.mqtt?.withoutGroups {
            logger.notice("[mqtt] settings take effect at the next start")
        }
        if let keypad {
            // The keys follow the file (checked when it was read); the device is the one taken at the start.
            if new.keypad?.device != keypad.wanted { logger.notice("[keypad] device takes effect at the next start") }
            keypad.map = (try? KeypadMap(new)) ?? keypad.map
        } else if new.keypad != nil {
            logger.notice("[keypad] takes effect at the next start")
        }
        state.reconfigure(new)
        takeRelay()
        placeZones = ClockReading.zones(of: new)
        zone = ownZone
        shown = reading().time()
        logger.info("configuration reloaded")
        reload?.taken?(new)
        notifier?.ready(status: "configuration reloaded; showing the time on \(outputs.name)")
        let face = state.faceShown(at: reading())
        let changed = face != screens.faceName
        if screens.reload(new, glyphs: font, face: face, hidden: state.hiddenTimers(at: wall), showing: showing(reading()), at: instant) {
            logger.info("rows fold in and out")
        }
        if changed { sayFace(face) }
        moving = false
        plan.frame = instant
        return true
    }
}

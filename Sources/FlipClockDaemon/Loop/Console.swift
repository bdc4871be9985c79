import FlipClockOutput
import Logging

/// The console the screens are on, taken over so that switching away pauses the clock.
///
/// The release and acquire signals can come out of order, or be lost: after every batch of
/// them what the console shows decides (``follow(_:)``). A display that will not be taken
/// back is tried again at the next wake.
final class Console {
    private(set) var terminal: VirtualTerminal?
    /// Whether the loop is switched away and draws nothing.
    private(set) var suspended = false
    /// Why the screens could not be taken back, said once until it changes.
    private var resumeFailed: OutputError?
    /// Why the console could not be taken over again, said once until it changes.
    private var takeOverFailed: OutputError?
    private let logger: Logger

    /// Takes over the console at `path` (`nil`: the process's own, else the active one) if
    /// `takes`; without it, console signals are someone else's.
    init(takes: Bool, path: String?, logger: Logger) {
        self.logger = logger
        guard takes else {
            terminal = nil
            return
        }
        do {
            terminal = try VirtualTerminal(path: path)
        } catch {
            logger.warning("not taking over the console: switching consoles will not pause the clock", metadata: ["error": "\(error)"])
            terminal = nil
        }
    }

    /// Gives the console back as it was.
    func restore() { terminal?.restore() }

    /// The kernel asks the loop to let go of the console (`released`) or says it is back.
    func signal(released: Bool, screens: ScreenSet) {
        guard let terminal else {
            logger.notice("a console signal, but no console was taken over: ignored")
            return
        }
        guard released else {
            terminal.acknowledgeAcquire()
            return
        }
        if !suspended {
            screens.suspend()
            suspended = true
        }
        // A release the user overtook by coming back is not waited for.
        if terminal.acknowledgeRelease() {
            logger.info("switched away from the console: not drawing", metadata: ["terminal": "\(terminal.path)"])
        }
    }

    /// Follows what the console shows now; returns `true` when the screens came back (to be
    /// drawn whole at once).
    func follow(_ screens: ScreenSet) -> Bool {
        guard let shown = isShown(screens) else { return false }
        if suspended, shown {
            do {
                try screens.resume()
                suspended = false
                resumeFailed = nil
                logger.info("back on the console: drawing again", metadata: ["terminal": "\(terminal?.path ?? "")"])
                return true
            } catch {
                if error != resumeFailed {
                    logger.error("cannot take the display back; retrying every second", metadata: ["error": "\(error)"])
                }
                resumeFailed = error
            }
        } else if !suspended, !shown {
            screens.suspend()
            suspended = true
            logger.notice("another console is shown: not drawing", metadata: ["terminal": "\(terminal?.path ?? "")"])
        }
        return false
    }

    /// Whether the console is shown; `nil` when there is none. A console that cannot be asked
    /// was hung up under the clock (a getty started and stopped on it while the daemon
    /// restarted): its descriptor answers nothing again, so it is opened and taken over anew,
    /// the screens suspended meanwhile, and tried again at the next wake if that fails.
    private func isShown(_ screens: ScreenSet) -> Bool? {
        guard let terminal else { return nil }
        do {
            return try terminal.shown()
        } catch {
            if takeOverFailed == nil {
                logger.warning("the console does not answer: taking it over again", metadata: ["error": "\(error)"])
            }
            if !suspended {
                screens.suspend()
                suspended = true
            }
            terminal.restore()
            do {
                let again = try VirtualTerminal(path: terminal.path)
                self.terminal = again
                let shown = try again.shown()
                takeOverFailed = nil
                return shown
            } catch {
                if error != takeOverFailed {
                    logger.error("cannot take the console over again; retrying every second", metadata: ["error": "\(error)"])
                }
                takeOverFailed = error
                return nil
            }
        }
    }
}

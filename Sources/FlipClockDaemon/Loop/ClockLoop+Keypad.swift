import FlipClockControl
import FlipClockCore
import FlipClockKeypad
import FlipClockOutput
import Logging

extension ClockLoop {
    /// The keypad as a source: its device's events while it is taken, and at every wake a
    /// look for it when one is due (at the start, and after the kernel adds an input device).
    func register(_ keypad: Keypad, in sources: inout EventSources) {
        sources.register(
            "keypad", descriptors: { keypad.descriptors }, everyWake: true,
            handle: { [unowned self] ready in
                if !ready.isEmpty { takeKeys(keypad) }
                if let news = keypad.look(at: clock.now) { say(news, keypad) }
            }
        )
    }

    /// Whether `event` is an input device added (`/dev/input/eventN`), which may be the keypad.
    static func addsInputDevice(_ event: Uevent) -> Bool {
        event.action == "add" && event.properties["SUBSYSTEM"] == "input" && event.properties["DEVNAME"]?.hasPrefix("input/event") == true
    }

    /// Answers the keys pressed since the last wake as one batch from the source `keypad`, a
    /// journal line for each naming the key; an unplugged keypad is let go.
    func takeKeys(_ keypad: Keypad) {
        let (presses, gone) = keypad.read()
        if !presses.isEmpty {
            let replies = answer(presses.map { (.success($0.request), "keypad \($0.key)") }, kind: .keypad)
            for (press, reply) in zip(presses, replies) {
                logger.info("key", metadata: ["key": "\(press.key)", "request": "\(press.line)", "reply": "\(reply.line(json: false))"])
            }
        }
        if let gone { say(gone, keypad) }
    }

    /// Says what became of the keypad.
    func say(_ news: Keypad.News, _ keypad: Keypad) {
        switch news {
        case let .taken(path, name):
            logger.notice(
                "keypad taken; its keys reach no console", metadata: ["device": "\(path)", "name": "\(name)", "keys": "\(keypad.map.keys.count)"])
        case .missing(.notFound):
            logger.notice("no keypad plugged in; the clock takes it when it is", metadata: ["device": "\(keypad.wantedText)"])
        case .missing(.cannotTake(let why)):
            logger.warning("cannot take the keypad; trying again when an input device is plugged in", metadata: ["error": "\(why)"])
        case .gone(let why):
            logger.warning("keypad unplugged; waiting for it again", metadata: ["error": "\(why)"])
        }
    }
}

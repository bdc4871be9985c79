import FlipClockControl
import FlipClockCore

/// The operator's keypad as the daemon holds it: the device while it is plugged in (grabbed),
/// the key map, and when to look for it (``KeypadWatch``). The daemon's loop polls
/// ``descriptors`` and says what each call returns.
public final class Keypad {
    /// What happened that the journal should say.
    public enum News: Equatable {
        case taken(path: String, name: String)
        case missing(KeypadWatch.Problem)
        case gone(String)
    }

    /// At most this many events are read at a wake (a press and its release are four): a
    /// device that floods is read a slice at a time, between frames.
    public static let eventsPerWake = 64

    public var map: KeypadMap
    public let wanted: KeypadSettings.Device
    public private(set) var watch = KeypadWatch()
    private var device: KeypadDevice?

    /// A keypad not yet looked for: the first ``look(at:)`` is due at once.
    public init(map: KeypadMap, wanted: KeypadSettings.Device) {
        self.map = map
        self.wanted = wanted
        watch.added(at: .zero)
    }

    /// The device's descriptor while it is taken.
    public var descriptors: [Int32] { device.map { [$0.descriptor] } ?? [] }

    /// What the configuration's `device` says, for the log.
    public var wantedText: String {
        switch wanted {
        case .path(let path): path
        case .name(let words): "a device named \"\(words)\""
        }
    }

    /// An input device was added: look for the keypad soon, if it is not taken.
    public func added(at now: Duration) {
        if device == nil { watch.added(at: now) }
    }

    /// Looks for the keypad if a look is due, and takes it if it is there.
    public func look(at now: Duration) -> News? {
        guard device == nil, watch.isDue(at: now) else { return nil }
        guard let path = KeypadDevice.find(wanted) else { return watch.missed(.notFound, at: now).map(News.missing) }
        do throws(KeypadError) {
            let taken = try KeypadDevice(path: path)
            device = taken
            watch.took()
            return .taken(path: taken.path, name: taken.name)
        } catch {
            return watch.missed(.cannotTake("\(error)"), at: now).map(News.missing)
        }
    }

    /// The presses waiting (at most ``eventsPerWake`` events read), and the news if the device
    /// went away: then it is let go and waited for again.
    public func read() -> (presses: [KeypadPress], gone: News?) {
        guard let device else { return ([], nil) }
        do throws(KeypadError) {
            return (try device.read(limit: Self.eventsPerWake).compactMap(map.press), nil)
        } catch {
            device.close()
            self.device = nil
            watch.lost()
            return ([], .gone("\(error)"))
        }
    }

    /// Lets the device go (the daemon stops).
    public func close() {
        device?.close()
        device = nil
    }
}

import CALSA
import CLinux
import FlipClockCore
import FlipClockSystem
import Glibc
import Logging
import Synchronization

/// The clock's sound: cues from the loop played on an ALSA device by a thread of its own.
///
/// The loop hands cues over without waiting (``play(_:)``: a lock held for an append, an
/// eventfd written); at most ``capacity`` wait, more are dropped. The thread sleeps in `ppoll`
/// with no timeout while nothing sounds, so a silent clock costs no wake-ups; while something
/// does, it keeps ``lead`` of samples written ahead of the device, each cue's first sample
/// at the cue's instant, and stops the device ``tail`` after the last sound ends. A device
/// that cannot be opened (missing, held by another program) or fails is said once in the
/// log and tried again at the next cue at least ``retry`` later; the clock never waits on it.
public final class SoundPlayer: Sendable {
    public let device: String
    public static let rate = 48_000
    /// How far ahead of the device's play position samples are written: the cue's latest
    /// hand-over that still starts on time.
    static let lead = Duration.milliseconds(12)
    /// How often the thread writes while something sounds.
    static let period = Duration.milliseconds(3)
    /// The device's buffer: room for the lead and a late wake.
    static let latency = Duration.milliseconds(40)
    /// Silence kept playing after the last sound, so cues that follow closely (a minute's
    /// cards, a second's) play on one stream.
    static let tail = Duration.milliseconds(1500)
    static let retry = Duration.seconds(2)
    public static let capacity = 64

    private struct Queue {
        var cues: [SoundCue] = []
        var dropped = 0
        var closing = false
    }
    private let queue = Mutex(Queue())
    private let wake: Int32
    private let finished = Mutex(false)
    private let done: Int32

    /// Starts the player's thread (`sound`), which opens the device at once.
    public init(device: String, logger: Logger) {
        self.device = device
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        done = eventfd(0, Int32(EFD_CLOEXEC))
        flipclock_alsa_quiet()
        NamedThread.start(name: "sound") { [self] in
            var stream = SoundStream(device: device, logger: logger)
            stream.prepare()
            run(&stream)
        }
    }

    deinit {
        Glibc.close(wake)
        Glibc.close(done)
    }

    /// Hands `cue` to the thread; `false` (and the cue dropped) when ``capacity`` already wait.
    @discardableResult
    public func play(_ cue: SoundCue) -> Bool {
        let taken = queue.withLock { q in
            guard q.cues.count < Self.capacity else {
                q.dropped += 1
                return false
            }
            q.cues.append(cue)
            return true
        }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        return taken
    }

    /// Plays what is written to its end, closes the device and ends the thread; waits for it.
    public func close() {
        queue.withLock { $0.closing = true }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        var count: UInt64 = 0
        while read(done, &count, 8) < 0 && errno == EINTR {}
    }

    private func run(_ stream: inout SoundStream) {
        var dropped = 0
        while true {
            // While something sounds, wake at the next period; otherwise only for a cue.
            var fd = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            if let due = stream.nextWrite {
                var timeout = timespec(duration: max(.zero, due - .now))
                _ = ppoll(&fd, 1, &timeout, nil)
            } else {
                _ = ppoll(&fd, 1, nil, nil)
            }
            var count: UInt64 = 0
            _ = read(wake, &count, 8)
            let (cues, closing, newlyDropped) = queue.withLock { q in
                defer {
                    q.cues = []
                    dropped = q.dropped
                }
                return (q.cues, q.closing, q.dropped - dropped)
            }
            if newlyDropped > 0 { stream.logger.warning("sound cues dropped: the player is behind", metadata: ["dropped": "\(newlyDropped)"]) }
            for cue in cues { stream.add(cue) }
            stream.write(upTo: .now)
            if closing {
                stream.close()
                var one: UInt64 = 1
                _ = write(done, &one, 8)
                return
            }
        }
    }
}

extension timespec {
    init(duration: Duration) {
        let c = duration.components
        self.init(tv_sec: Int(c.seconds), tv_nsec: Int(c.attoseconds / 1_000_000_000))
    }
}

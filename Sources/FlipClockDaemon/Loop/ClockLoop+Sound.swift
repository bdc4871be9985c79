import FlipClockCore
import FlipClockSound
import Logging

extension ClockLoop {
    /// The sound's settings if it sounds at `reading`: `[sound]` written, not turned off by
    /// a request (`sound off`) and not silenced by the night schedule.
    func soundSettings(at reading: ClockReading) -> SoundSettings? {
        guard sound != nil, let settings = configuration.sound, state.soundOn, !configuration.night.silences(at: reading) else { return nil }
        return settings
    }

    /// After the frame at `now`, frames taking `cost` to draw and present: a click for each card
    /// of the first screen that lands in one of the next two frames, due when that frame is
    /// presented, handed to the player a frame or two ahead so it can start on time. The next
    /// frame is drawn at the plan's instant, or at once if drawing this one overran it, and
    /// presented `cost` later; the one after a refresh (or a `cost`, if longer) after that.
    /// A landing is cued again at each frame before it, so its click moves to the better
    /// guess while it has not started.
    func cueClicks(after now: Duration, cost: Duration, reading: ClockReading) {
        guard let sound, let settings = soundSettings(at: reading), settings.clicks, let screen = screens.screens.first else {
            cuedLandings = []
            lastSoundFrame = now
            return
        }
        let mapping = (continuous: ContinuousClock.now, loop: clock.now)
        let next = max(plan.frame, mapping.loop)
        let frames = [next, next + max(screens.frameInterval, cost)]
        let cards = screen.scene.renderer.cards
        // The flaps let go since the last frame: their flips start at this frame, so their ticks
        // are cued as it is presented, as late as the player's lead (a tick a tenth as loud).
        for card in cards {
            guard case let .topToMiddle(_, _, start, _) = card.state, start > lastSoundFrame, start <= now else { continue }
            sound.play(SoundCue(.release, at: mapping.continuous, volume: settings.volume))
        }
        lastSoundFrame = now
        let coming = CardLanding.coming(cards, after: now, frames: frames)
        for landing in coming {
            cuedLandings.removeAll { $0.card == landing.card && $0.landing == landing.landing }
            cuedLandings.append(landing)
            let key =
                landing.card &* 1_000_003
                &+ Int(landing.landing.components.seconds &* 1000 &+ landing.landing.components.attoseconds / 1_000_000_000_000_000)
            sound.play(SoundCue(.click, at: mapping.continuous + (landing.frame + cost - mapping.loop), volume: settings.volume, key: key))
        }
    }

    /// Says, once the frame at `now` is presented, how many cued cards it shows landed, when
    /// (the wall clock after presenting: the sound test's reference), and how far its instant
    /// was from the one the clicks were cued for.
    func sayLandings(at now: Duration) {
        let shown = cuedLandings.filter { $0.landing <= now }
        guard !shown.isEmpty else { return }
        cuedLandings.removeAll { $0.landing <= now }
        let late = (now - shown.map(\.frame).min()!).seconds
        logger.info(
            "cards landed", metadata: ["cards": "\(shown.count)", "wall_ns": "\(clock.wall.nanosecondsSince1970)", "late_us": "\(Int(late * 1e6))"])
    }

    /// The game's horn, due at `at` on the wall clock, for `[horn] seconds`: sounded at once if
    /// that has passed.
    func soundHorn(due at: WallInstant) {
        guard let sound, let settings = soundSettings(at: reading()), settings.horn else { return }
        let instant = ContinuousClock.now + (at - clock.wall)
        sound.play(SoundCue(.horn(seconds: configuration.horn.seconds), at: instant, volume: settings.volume))
    }
}

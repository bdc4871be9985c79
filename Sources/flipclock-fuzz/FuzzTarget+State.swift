import FlipClockCore
import FlipClockDaemon
import FoundationEssentials

extension FuzzTarget {
    /// A state file's bytes as a start reads them (``StateFile/contents(_:now:)``), and what
    /// the loop then does with what it believes: a board of the scores, the timers read for
    /// their cards, the texts checked against their row.
    static func state(_ bytes: [UInt8]) {
        let now = WallInstant(unixSeconds: 1_795_000_000)
        guard let contents = try? StateFile.contents(Data(bytes), now: now) else { return }
        let board = ScoreBoard(items: contents.scores.keys.map { ScoreItem(name: $0) }, values: contents.scores)
        _ = board.summary
        for (_, saved) in contents.timers ?? [:] {
            for direction in TimerItem.Direction.allCases {
                var timer = saved
                timer.direction = direction
                read(timer, at: now)
                timer.pause(at: now)
                timer.resume(at: now + .seconds(1))
                read(timer, at: now + .seconds(2))
            }
        }
        for (name, text) in contents.texts ?? [:] { _ = TextItem(name: name).checked(text) }
    }
}

import FlipClockControl
import FlipClockCore
import FlipClockDaemon
import FoundationEssentials

extension FuzzTarget {
    /// A state file's bytes as a start reads them (``StateFile/contents(_:now:)``), and what
    /// the loop then does with what it believes: a board of the scores, the timers read for
    /// their cards, the texts checked against their row, a game played on.
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
        // The message seconds believed are those a request may set.
        if let seconds = contents.messageSeconds { precondition((try? RequestField.messageSeconds(seconds)) == seconds) }
        // A saved game taken back under the rules it names (the seed's are basketball's) and
        // played on for an hour.
        var rules = GameRules()
        rules.breakSeconds = [120, 900, 120]
        rules.overtimeSeconds = 300
        rules.shotClock = ShotClockRules()
        if var game = contents.game?.game(under: rules) { read(&game, at: now) }
    }
}

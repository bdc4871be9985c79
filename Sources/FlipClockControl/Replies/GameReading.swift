/// A game as a reply reports it: `period=2 play clock=07:41 shot=14 running undo=3`.
public struct GameReading: Equatable, Sendable, CustomStringConvertible {
    public var period: Int
    /// `play`, `break` or `over`.
    public var phase: String
    /// What the game clock (the break's, in a break) shows.
    public var clock: String
    /// What the shot clock shows; `nil`: dark or none.
    public var shot: String?
    public var running: Bool
    /// How many changes `game undo` can take back.
    public var undoable: Int
    /// What the shot clock resets to (empty: no shot clock), for the control page's buttons.
    public var resets: [Int]
    /// The team the possession arrow points to, if any.
    public var possession: String?
    /// The penalty each team serves that ends first: `home 1:42`.
    public var penalties: [String]
    /// What a page needs to count the clocks on its own (`nil`: the JSON form leaves it out).
    public var count: GameCount?

    public init(
        period: Int, phase: String, clock: String, shot: String?, running: Bool, undoable: Int, resets: [Int] = [], possession: String? = nil,
        penalties: [String] = [], count: GameCount? = nil
    ) {
        self.count = count
        self.resets = resets
        self.possession = possession
        self.penalties = penalties
        self.period = period
        self.phase = phase
        self.clock = clock
        self.shot = shot
        self.running = running
        self.undoable = undoable
    }

    public var description: String {
        var words = ["period=\(period)", phase, "clock=\(clock)"]
        if let shot { words.append("shot=\(shot)") }
        words += [running ? "running" : "stopped", "undo=\(undoable)"]
        if let possession { words.append("possession=\(possession)") }
        // `home 1:42` as one word: penalty=home/1:42.
        words += penalties.map { "penalty=" + $0.split(separator: " ").joined(separator: "/") }
        return words.joined(separator: " ")
    }

    var object: JSONValue {
        var o: [String: JSONValue] = [
            "period": .integer(period), "phase": .string(phase), "clock": .string(clock), "running": .bool(running), "undo": .integer(undoable),
        ]
        if let shot { o["shot"] = .string(shot) }
        if !resets.isEmpty { o["resets"] = .array(resets.map { .integer($0) }) }
        if let possession { o["possession"] = .string(possession) }
        if !penalties.isEmpty { o["penalties"] = .array(penalties.map { .string($0) }) }
        if let count { o.merge(count.object) { $1 } }
        return .object(o)
    }
}

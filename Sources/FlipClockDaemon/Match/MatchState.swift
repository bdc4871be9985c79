import FlipClockControl
import FlipClockCore
import FoundationEssentials

/// The match as its leader publishes it on `T/state` and a follower takes it: the scores, the
/// texts and the game as the state file keeps it (``SavedGame``: each clock's milliseconds and
/// the wall instant it runs since), so a follower computes what to show with its own clock.
///
/// The leader's part is ``encoded``: `{"game":{…},"scores":{…},"texts":{…}}`; the MQTT session
/// adds `v`, `leader`, `seq` and `at`. A follower reads the whole object with
/// ``followed(_:by:now:)``, as strictly as a state file: at most 64 KiB, a game a request could
/// make, scores in their range, texts its cards show, and the same rules as its own `[game]`.
struct MatchState: Codable, Equatable {
    var scores: [String: Int]
    var texts: [String: String]
    var game: SavedGame?

    /// The largest `T/state` payload read, in bytes.
    static let largest = 64 * 1024
    /// The version of the format this clock reads and writes (`v`).
    static let version = 1

    /// The JSON text the leader publishes (keys sorted: the same match is the same text).
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Dictionaries of strings and integers, and the saved game: always encodable.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A received `T/state` object as it is written.
    private struct Published: Decodable {
        var v: Int
        var leader: String
        var seq: Int
        var at: Double
        var scores: [String: Int]
        var texts: [String: String]
        var game: SavedGame
    }

    /// A received state, checked and fitted to this clock: what ``ClockState`` applies.
    struct Followed {
        var leader: String
        var seq: Int
        /// The leader's wall instant of the change.
        var at: WallInstant
        /// The scores this clock has, each in its range.
        var scores: [String: Int]
        /// The texts this clock has, as its cards show them.
        var texts: [String: String]
        /// The game under this clock's rules, its clocks running from the leader's instants.
        var game: Game
        /// What was believed only in part (an instant after now taken as now), to log.
        var notes: [String]
    }

    /// Why a received state is refused: one line, `match: …`.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ why: String) { description = "match: \(why)" }
    }

    /// `payload` (a whole `T/state` object) as this clock, configured by `configuration`, can
    /// show it at `now`; names unknown here are ignored. Checked as a state file is
    /// (``SavedGame/problem(now:)``, an instant after now taken as now), and refused if the
    /// leader plays other rules than this clock's `[game]`.
    static func followed(_ payload: String, by configuration: ClockConfiguration, now: WallInstant) throws(Refusal) -> Followed {
        guard payload.utf8.count <= largest else { throw Refusal("\(payload.utf8.count) bytes, over 64 KiB") }
        let published: Published
        do {
            published = try JSONDecoder().decode(Published.self, from: Data(payload.utf8))
        } catch {
            throw Refusal(Self.unreadable(error))
        }
        guard published.v == version else { throw Refusal("version \(published.v); this clock reads version \(version)") }
        guard (1...128).contains(published.leader.utf8.count), published.seq >= 0 else {
            throw Refusal("leader \"\(published.leader.prefix(64))\" seq \(published.seq) is not a leader's name and count")
        }
        guard published.at.isFinite, abs(published.at - now.secondsSince1970) <= 366 * 86400 else {
            throw Refusal("at \(published.at), not within a year of now (\(now.unixSeconds))")
        }
        if let problem = published.game.problem(now: now) { throw Refusal(problem) }
        guard let rules = configuration.game?.rules else { throw Refusal("this clock has no [game]") }
        guard published.game.rules == rules.summary else {
            throw Refusal("the leader plays \"\(published.game.rules)\", this clock's [game] is \"\(rules.summary)\"")
        }
        var scores: [String: Int] = [:]
        for item in configuration.scores {
            guard let value = published.scores[item.name] else { continue }
            guard (item.minimum...item.maximum).contains(value) else {
                throw Refusal("score \(item.name) is \(value); allowed \(item.minimum)...\(item.maximum)")
            }
            scores[item.name] = value
        }
        var texts: [String: String] = [:]
        for item in configuration.texts {
            guard let text = published.texts[item.name] else { continue }
            switch item.checked(text) {
            case .success(let shown): texts[item.name] = shown
            case .failure(let problem): throw Refusal("text \(item.name): \(problem)")
            }
        }
        // As a start takes the state file's game: an instant after now taken as now.
        var saved = published.game
        let notes = saved.bound(now: now.secondsSince1970).map { "match: \($0)" }
        guard let game = saved.game(under: rules) else { throw Refusal("game: period \(saved.period) \(saved.phase) is not a game's") }
        return Followed(
            leader: published.leader, seq: published.seq, at: WallInstant(secondsSince1970: published.at), scores: scores, texts: texts,
            game: game, notes: notes)
    }

    /// What is wrong with JSON that does not decode, named by its place (`game.clock.ms`).
    private static func unreadable(_ error: any Error) -> String {
        func place(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = (path + (last.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the state" : String(keys.drop { $0 == "." })
        }
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let c) where c.codingPath.isEmpty: return "not JSON"
        case .dataCorrupted(let c): return "\(place(c.codingPath)): not a value of its kind"
        case .keyNotFound(let key, let c): return "\(place(c.codingPath, key)) is missing"
        case .valueNotFound(let type, let c): return "\(place(c.codingPath)): null, expected \(kind(type))"
        case .typeMismatch(let type, let c): return "\(place(c.codingPath)): expected \(kind(type))"
        @unknown default: return "not a match's state"
        }
    }

    /// A decoded type as a message names it.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}

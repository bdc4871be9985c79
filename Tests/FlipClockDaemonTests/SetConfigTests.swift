import FlipClockCore
import FlipClockDaemon
import Foundation
import Testing

/// `[sets]` in a configuration file: the sport's rules, the items rows show, and errors at
/// their place.
@Suite struct SetConfigTests {
    @Test func aSetsTableSetsTheRulesAndTheItems() throws {
        let c = try ConfigFile.parse(
            """
            [sets]
            sport = "tennis"
            best_of = 5
            no_ad = true
            match_tie_break = true
            first_server = "away"
            home_label = "ANNA"
            set_label = ""
            """, path: "f.toml")
        let sets = try #require(c.sets)
        #expect(sets.rules == .tennis(bestOf: 5, noAd: true, matchTieBreak: true))
        #expect(sets.firstServer == .away)
        let home = sets.items.filter { $0.side == .home }
        #expect(
            home.map(\.name) == [
                "home_points", "home_games", "home_sets", "home_serve", "home_set_1", "home_set_2", "home_set_3", "home_set_4", "home_set_5",
            ])
        #expect(home.map(\.label) == ["ANNA", "GAMES", "SETS", "", "1", "2", "3", "4", "5"])
        // Without rows: a row a side.
        #expect(c.face().rows.map { $0.count } == [1, 9, 9])
    }

    @Test func theSportsUsualLengthUnlessBestOfSaysOtherwise() throws {
        for (sport, bestOf) in [("volleyball", 5), ("beach_volleyball", 3), ("tennis", 3), ("badminton", 3), ("table_tennis", 5), ("squash", 5)] {
            #expect(try ConfigFile.parse("[sets]\nsport = \"\(sport)\"\n", path: "f.toml").sets?.rules.bestOf == bestOf)
        }
        #expect(try ConfigFile.parse("[sets]\nsport = \"table_tennis\"\nbest_of = 7\n", path: "f.toml").sets?.rules == .tableTennis(bestOf: 7))
    }

    @Test(arguments: [
        (
            "[sets]\nbest_of = 3\n",
            #"f.toml:1:2: sets.sport: expected the sport: one of "volleyball", "beach_volleyball", "tennis", "badminton", "table_tennis", "squash""#
        ),
        (
            "[sets]\nsport = \"curling\"\n",
            #"f.toml:2:9: sets.sport: "curling" is not allowed; allowed "volleyball", "beach_volleyball", "tennis", "badminton", "table_tennis", "squash""#
        ),
        ("[sets]\nsport = \"tennis\"\nbest_of = 4\n", "f.toml:3:11: sets.best_of: 4 is not allowed; allowed 1, 3, 5, 7"),
        ("[sets]\nsport = \"volleyball\"\nno_ad = true\n", #"f.toml:3:1: sets.no_ad: is tennis's; "volleyball" has no such rule"#),
        ("[sets]\nsport = \"squash\"\nfirst_server = \"both\"\n", #"f.toml:3:16: sets.first_server: "both" is not allowed; allowed "home", "away""#),
        ("[game]\n[sets]\nsport = \"tennis\"\n", "f.toml:2:2: sets: a face keeps [game] or [sets], not both: a match is timed or counted in sets"),
        (
            "[sets]\nsport = \"tennis\"\n[[score]]\nname = \"home_points\"\n",
            #"f.toml:4:8: score[0].name: "home_points" is already the name of the match's home_points"#
        ),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }
}

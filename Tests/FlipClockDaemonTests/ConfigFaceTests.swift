import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// `[[face]]` tables: read, and every error named at its place with its key.
@Suite struct ConfigFaceTests {
    static let items = "[[score]]\nname = \"home\"\n[[score]]\nname = \"away\"\n"

    @Test func facesAreReadInOrderWithTheirDaysHoursAndTurns() throws {
        let c = try ConfigFile.parse(
            Self.items
                + "[sun]\nlatitude = 52.52\nlongitude = 13.405\n[[face]]\nname = \"morning\"\nrows = [\"time\", \"home away\"]\ndays = \"mon-fri\"\nhours = \"06:30-09:00\"\n"
                + "[[face]]\nname = \"evening\"\nrows = [\"home\"]\nhours = \"sunset-23:00\"\nseconds = 30\n",
            path: "f.toml")
        #expect(c.faces.faces.map(\.name) == ["morning", "evening"])
        #expect(c.faces.faces[0].rows == [["time"], ["home", "away"]])
        #expect(c.faces.faces[0].days == Weekdays(parsing: "mon-fri"))
        #expect(c.faces.faces[0].hours == DayPeriod(parsing: "06:30-09:00"))
        #expect(c.faces.faces[0].seconds == 20)
        #expect(c.faces.faces[1].days == .every && c.faces.faces[1].seconds == 30)
        #expect(c.faces.place == Coordinates(latitude: 52.52, longitude: 13.405))
        // The face's rows replace the [[row]] face's; a screen's own rows stay its own.
        #expect(c.face(showing: "morning").rows.map { $0.map(\.name) } == [["time"], ["home", "away"]])
        #expect(c.face(showing: nil).rows.map { $0.map(\.name) } == [["time"], ["home", "away"]])
        #expect(c.face(showing: "evening").rows.map { $0.map(\.name) } == [["home"]])
    }

    @Test func aFileWithoutFacesHasNone() throws {
        let c = try ConfigFile.parse("[sun]\nlatitude = 52.52\nlongitude = 13.405\n", path: "f.toml")
        #expect(c.faces == FaceSchedule())
    }

    @Test(arguments: [
        ("[[face]]\nrows = [\"time\"]\n", "f.toml:2:1: face[0].name: a face needs a name of letters, digits, - and _"),
        ("[[face]]\nname = \"my face\"\nrows = [\"time\"]\n", "f.toml:2:8: face[0].name: a face needs a name of letters, digits, - and _"),
        ("[[face]]\nname = \"default\"\nrows = [\"time\"]\n", "f.toml:2:8: face[0].name: \"default\" is the [[row]] face's name; choose another"),
        (
            "[[face]]\nname = \"a\"\nrows = [\"time\"]\n[[face]]\nname = \"a\"\nrows = [\"time\"]\n",
            "f.toml:5:8: face[1].name: a face is already named \"a\""
        ),
        ("[[face]]\nname = \"a\"\n", "f.toml:2:1: face[0].rows: a face needs rows = [\"names\", …], a row a string of names from: time, home, away"),
        ("[[face]]\nname = \"a\"\nrows = [\"time tokyo\"]\n", "f.toml:3:8: face[0].rows: nothing is named \"tokyo\"; names are time, home, away"),
        ("[[face]]\nname = \"a\"\nrows = [\"home\", \"home\"]\n", "f.toml:3:8: face[0].rows: \"home\" is already shown in another row"),
        (
            "[[face]]\nname = \"a\"\nrows = [\"time\"]\ndays = \"mon-fry\"\n",
            "f.toml:4:8: face[0].days: \"mon-fry\" is not a list of days; write days such as \"mon-fri\", \"sat,sun\" or \"tue\""
        ),
        (
            "[[face]]\nname = \"a\"\nrows = [\"time\"]\nhours = \"6:30-09:00\"\n",
            "f.toml:4:9: face[0].hours: \"6:30-09:00\" is not a period of the day; write \"HH:MM-HH:MM\", such as \"22:00-07:00\", or with dawn, sunrise, sunset or dusk (\"sunset+30m-07:00\")"
        ),
        (
            "[[face]]\nname = \"a\"\nrows = [\"time\"]\nhours = \"sunset-23:00\"\n",
            "f.toml:4:9: face[0].hours: \"sunset-23:00\" follows the sun: say where the clock is with [sun] latitude and longitude"
        ),
        ("[[face]]\nname = \"a\"\nrows = [\"time\"]\nseconds = 4\n", "f.toml:4:11: face[0].seconds: 4 is out of range; allowed 5...3600"),
        (
            "[[face]]\nname = \"a\"\nrows = [\"time\"]\nshow = [\"time\"]\n",
            "f.toml:4:1: face[0].show: unknown key; allowed in [face[0]]: name, rows, days, hours, seconds"
        ),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        // The items after the faces: the faces are read once every item is known.
        do {
            _ = try ConfigFile.parse(text + Self.items, path: "f.toml")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}

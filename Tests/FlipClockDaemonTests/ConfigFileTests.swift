import FlipClockCore
import Foundation
import Testing

@testable import FlipClockDaemon

@Suite struct ConfigFileTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Config/flipclock.toml").standardized.path

    @Test func theShippedFileIsExactlyTheDefaults() throws {
        #expect(try ConfigFile.load(path: Self.shipped) == ClockConfiguration())
    }

    /// A text row's drum holds what its text and characters add; the fonts behind the first.
    @Test func aTextRowsCharactersWidenItsDrumAndFallbackFontsAreRead() throws {
        let c = try ConfigFile.parse(
            """
            [look]
            font = "Roboto Condensed:bold"
            fallback = ["DejaVu Sans:bold", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"]
            [[text]]
            name = "board"
            text = "Zürich"
            characters = "東京 жä"
            """, path: "f.toml")
        #expect(c.fontPath == "Roboto Condensed:bold")
        #expect(c.fallbackFonts == ["DejaVu Sans:bold", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"])
        #expect(c.texts[0].text == "ZÜRICH")
        #expect(c.texts[0].extraCharacters == ["Ä", "Ü", "Ж", "京", "東"])
        guard case .failure(let refusal) = c.texts[0].checked("жук") else {
            Issue.record("ЖУК was taken")
            return
        }
        #expect(
            refusal.description
                == "\"У\" is not on the cards of board; they show A-Z, 0-9, blank and . , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips 🟥🟧🟨🟩🟦🟪⬜⬛█ ÄÜЖ京東 (its [[text]] characters adds more)"
        )
    }

    @Test func aFileSetsOnlyWhatItSays() throws {
        let c = try ConfigFile.parse(
            """
            [clock]
            format = "HH:MM:SS"
            hour_cycle = 12
            time_zone = "Asia/Tokyo"
            unsynced = "dashes"
            [flip]
            perspective = 8   # an integer is a number too
            vanishing_point = "face"
            motion_blur = true
            first_easing = "linear"
            bounce = 0
            [look]
            digits = "#FF8800"
            [output]
            size = "640x480"
            kind = "drm"
            device = "/dev/dri/card1"
            connectors = ["HDMI-A-1", "DP-2"]
            mode = "1920x1080@60"
            rotation = 180
            [output.screen.DP-2]
            rotation = 90
            [output.screen."HDMI-A-1"]
            mode = "1280x720"
            """, path: "f.toml")
        var expected = ClockConfiguration()
        expected.time.format = .hoursMinutesSeconds
        expected.time.hourCycle = .twelve
        expected.timeZone = "Asia/Tokyo"
        expected.unsynced = .dashes
        expected.perspective = 8
        expected.vanishing = .face
        expected.motionBlur = true
        expected.timing.firstEasing = .linear
        expected.timing.landing.degrees = 0
        expected.style.digits = RGBColor(red: 255, green: 0x88, blue: 0)
        expected.imageWidth = 640
        expected.imageHeight = 480
        expected.output = .drm
        expected.device = "/dev/dri/card1"
        expected.connectors = ["HDMI-A-1", "DP-2"]
        expected.screen = ScreenSettings(rotation: .half, mode: "1920x1080@60")
        // A connector's table starts from [output]'s settings.
        expected.screens = [
            "DP-2": ScreenSettings(rotation: .quarter, mode: "1920x1080@60"),
            "HDMI-A-1": ScreenSettings(rotation: .half, mode: "1280x720"),
        ]
        #expect(c == expected)
        #expect(c.screen("DP-2").rotation == .quarter)
        #expect(c.screen("Virtual-1") == expected.screen)
        #expect(c.screen(nil) == expected.screen)
    }

    @Test func aThemeIsAStartingPointTheOtherLookKeysOverride() throws {
        let c = try ConfigFile.parse("[look]\ndigits = \"#ff0000\"\ntheme = \"high-contrast\"\n", path: "f.toml")
        var expected = ClockConfiguration()
        expected.style = Theme.highContrast.style
        expected.style.digits = RGBColor(red: 255, green: 0, blue: 0)
        #expect(c == expected)
        #expect(try ConfigFile.parse("[look]\ntheme = \"light\"\n", path: "f.toml").style == Theme.light.style)
        #expect(Theme.classic.style == ClockConfiguration().style)
        // Each theme keeps its digits far from its cards: readable.
        for theme in Theme.allCases {
            let s = theme.style
            let contrast =
                abs(Int(s.digits.red) - Int(s.card.red)) + abs(Int(s.digits.green) - Int(s.card.green)) + abs(Int(s.digits.blue) - Int(s.card.blue))
            #expect(contrast > 3 * 180, "\(theme)")
        }
    }

    @Test func scoresAreDeclaredInOrder() throws {
        let c = try ConfigFile.parse(
            """
            [[score]]
            name = "home"
            label = "HOME"
            [[score]]
            name = "away"
            label = "AWAY"
            digits = 3
            min = 1
            max = 150
            change = "flip"
            """, path: "f.toml")
        #expect(
            c.scores == [
                ScoreItem(name: "home", label: "HOME", digits: 2, minimum: 0, maximum: 99, change: .step),
                ScoreItem(name: "away", label: "AWAY", digits: 3, minimum: 1, maximum: 150, change: .flip),
            ])
    }

    @Test func timersAreDeclaredInOrder() throws {
        let c = try ConfigFile.parse(
            "[[timer]]\nname = \"pomodoro\"\nlabel = \"FOCUS\"\nduration = \"25m\"\n[[timer]]\nname = \"up\"\ndirection = \"up\"\nat_zero = \"blank\"\n",
            path: "f.toml")
        #expect(
            c.timers == [
                TimerItem(name: "pomodoro", label: "FOCUS", direction: .down, duration: 1500, atZero: .zeros),
                TimerItem(name: "up", label: "", direction: .up, duration: 300, atZero: .blank),
            ])
    }

    @Test func aTimerMayHideWhenIdleAndAScreenShowItsOwnRows() throws {
        let c = try ConfigFile.parse(
            "[output.screen.HDMI-A-2]\nrows = [\"home away\", \"egg\"]\n[[score]]\nname = \"home\"\n[[score]]\nname = \"away\"\n[[timer]]\nname = \"egg\"\nhide_when_idle = true\n",
            path: "f.toml"
        )
        #expect(c.timers[0].hideWhenIdle)
        #expect(c.screen("HDMI-A-2").rows == [["home", "away"], ["egg"]])
        #expect(c.screen("HDMI-A-1").rows == nil)
    }

    @Test func aDateTakesItsNamesFromTheLocaleTheFileOrTheEnvironmentNames() throws {
        let french = try ConfigFile.parse("[date]\n", path: "f.toml", environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.date?.values(CalendarDay(year: 2026, month: 11, day: 23)).joined() == "LUN.23NOV".replacingOccurrences(of: ".", with: ""))
        let german = try ConfigFile.parse("[date]\nlocale = \"de_DE\"\nformat = \"%A\"\n", path: "f.toml", environment: ["LANG": "fr_FR.UTF-8"])
        #expect(german.date?.values(CalendarDay(year: 2026, month: 11, day: 23)).joined() == "MONTAG")
        let c = try ConfigFile.parse("[date]\n", path: "f.toml", environment: ["LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"])
        #expect(c.date?.values(CalendarDay(year: 2026, month: 11, day: 23)).joined() == "MON23NOV")
        let given = try ConfigFile.parse(
            "[date]\nformat = \"%a\"\nshort_weekdays = [\"So\", \"Mo\", \"Di\", \"Mi\", \"Do\", \"Fr\", \"Sa\"]\n", path: "f.toml",
            environment: ["LANG": "fr_FR"])
        #expect(given.date?.values(CalendarDay(year: 2026, month: 11, day: 23)).joined() == "MO")
    }

    @Test func theHTTPAPIIsOffUnlessConfigured() throws {
        #expect(try ConfigFile.parse("# nothing\n", path: "f.toml").http == nil)
        #expect(try ConfigFile.parse("[http]\nlisten = \"127.0.0.1:8080\"\n", path: "f.toml").http == HTTPSettings(host: "127.0.0.1", port: 8080))
        #expect(try ConfigFile.parse("[http]\nlisten = \"[::1]:0\"\n", path: "f.toml").http == HTTPSettings(host: "::1", port: 0))
        let lan = try ConfigFile.parse(
            "[http]\nlisten = \"0.0.0.0:8080\"\ntoken_file = \"/etc/flipclock/http-token\"\ntimeout_seconds = 2\n", path: "f.toml")
        #expect(lan.http == HTTPSettings(host: "0.0.0.0", port: 8080, tokenFile: "/etc/flipclock/http-token", timeout: .seconds(2)))
        #expect(HTTPSettings(listen: "localhost:80")?.isLoopback == true)
        #expect(HTTPSettings(listen: "127.1.2.3:80")?.isLoopback == true)
        #expect(HTTPSettings(listen: "192.168.1.20:80")?.isLoopback == false)
        #expect(HTTPSettings(listen: "[::]:80")?.isLoopback == false)
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try ConfigFile.parse("# nothing\n", path: "f.toml") == ClockConfiguration())
    }

    @Test(arguments: [
        (
            "[clok]\nformat = \"HH:MM\"\n",
            "f.toml:1:2: clok: unknown table; allowed at the top level: clock, look, flip, output, game, sets, score, timer, place, date, sun, night, light, text, countdown, vestaboard, row, face, message, control, http, mqtt, match, keypad, sound, horn, state"
        ),
        (
            "[clock]\nformat = \"HH:MM\"\nfromat = \"HH:MM\"\n",
            "f.toml:3:1: clock.fromat: unknown key; allowed in [clock]: format, hour_cycle, leading_zero, time_zone, label, unsynced"
        ),
        (
            "[flip]\n  shading = 0.5\n  shadows = true\n",
            "f.toml:3:3: flip.shadows: unknown key; allowed in [flip]: first_half_ms, second_half_ms, first_easing, second_easing, bounce, bounce_ms, perspective, shading, vanishing_point, motion_blur"
        ),
        ("[flip]\nfirst_half_ms = \"250\"\n", "f.toml:2:17: flip.first_half_ms: expected an integer, found a string"),
        ("[flip]\nfirst_half_ms = 2.5\n", "f.toml:2:17: flip.first_half_ms: expected an integer, found a number"),
        ("[flip]\nfirst_half_ms = 1\n", "f.toml:2:17: flip.first_half_ms: 1 is out of range; allowed 20...5000"),
        ("[flip]\nsecond_half_ms = 9000\n", "f.toml:2:18: flip.second_half_ms: 9000 is out of range; allowed 20...5000"),
        ("[flip]\nbounce = 45\n", "f.toml:2:10: flip.bounce: 45 is out of range; allowed 0...20"),
        ("[flip]\nshading = 1.5\n", "f.toml:2:11: flip.shading: 1.5 is out of range; allowed 0...1"),
        ("[flip]\nperspective = true\n", "f.toml:2:15: flip.perspective: expected a number, found a boolean"),
        ("[flip]\nvanishing_point = \"eye\"\n", "f.toml:2:19: flip.vanishing_point: \"eye\" is not allowed; allowed \"card\", \"face\""),
        (
            "[flip]\nfirst_easing = \"bounce\"\n",
            "f.toml:2:16: flip.first_easing: \"bounce\" is not allowed; allowed \"linear\", \"ease-in\", \"ease-out\", \"ease-in-out\""
        ),
        ("[clock]\nformat = \"HH\"\n", "f.toml:2:10: clock.format: \"HH\" is not allowed; allowed \"HH:MM\", \"HH:MM:SS\""),
        ("[clock]\nhour_cycle = 13\n", "f.toml:2:14: clock.hour_cycle: 13 is not allowed; allowed 12, 24"),
        ("[clock]\nunsynced = \"blank\"\n", "f.toml:2:12: clock.unsynced: \"blank\" is not allowed; allowed \"show\", \"mark\", \"dashes\""),
        ("[clock]\nunsynced = true\n", "f.toml:2:12: clock.unsynced: expected a string, found a boolean"),
        ("[clock]\nleading_zero = \"yes\"\n", "f.toml:2:16: clock.leading_zero: expected a boolean (true or false), found a string"),
        ("[clock]\ntime_zone = \"Mars/Base\"\n", "f.toml:2:13: clock.time_zone: \"Mars/Base\" is not a known IANA time zone"),
        ("[look]\ncard = \"#12345\"\n", "f.toml:2:8: look.card: \"#12345\" is not a colour; expected \"#rrggbb\""),
        ("[look]\nfont = 3\n", "f.toml:2:8: look.font: expected a string, found an integer"),
        ("[look]\ntheme = \"dark\"\n", "f.toml:2:9: look.theme: \"dark\" is not allowed; allowed \"classic\", \"light\", \"high-contrast\""),
        (
            "[output]\nsize = \"1280*800\"\n",
            "f.toml:2:8: output.size: \"1280*800\" is not a size; expected \"WIDTHxHEIGHT\", each side 16...16384"
        ),
        ("[output]\nkind = \"kms\"\n", "f.toml:2:8: output.kind: \"kms\" is not allowed; allowed \"auto\", \"drm\", \"fbdev\", \"png\""),
        (
            "[output]\nmode = \"1280x800@\"\n",
            "f.toml:2:8: output.mode: \"1280x800@\" is not a mode; expected \"WIDTHxHEIGHT\" or \"WIDTHxHEIGHT@HZ\""
        ),
        ("[output]\nrotation = 45\n", "f.toml:2:12: output.rotation: 45 is not allowed; allowed 0, 90, 180, 270"),
        ("[output]\nrotation = \"90\"\n", "f.toml:2:12: output.rotation: expected an integer, found a string"),
        ("[output]\nconnectors = \"HDMI-A-1\"\n", "f.toml:2:14: output.connectors: expected an array of strings, found a string"),
        ("[output]\nconnectors = [\"HDMI-A-1\", 2]\n", "f.toml:2:14: output.connectors: expected an array of strings, found an integer"),
        ("[output.screen.DP-1]\nrotation = 100\n", "f.toml:2:12: output.screen.DP-1.rotation: 100 is not allowed; allowed 0, 90, 180, 270"),
        (
            "[output.screen.\"DP-1\"]\nmode = \"big\"\n",
            "f.toml:2:8: output.screen.DP-1.mode: \"big\" is not a mode; expected \"WIDTHxHEIGHT\" or \"WIDTHxHEIGHT@HZ\""
        ),
        (
            "[output.screen.DP-1]\nrotate = 90\n",
            "f.toml:2:1: output.screen.DP-1.rotate: unknown key; allowed in [output.screen.DP-1]: rotation, mode, rows"
        ),
        ("[output]\nscreen = 1\n", "f.toml:2:10: output.screen: expected a table, found an integer"),
        ("clock = 3\n", "f.toml:1:9: clock: expected a table, found an integer"),
        ("[flip]\nfirst_half_ms = 1979-05-27\n", "f.toml:2:17: flip.first_half_ms: expected an integer, found a date"),
        ("flip.shading = 2\n", "f.toml:1:16: flip.shading: 2 is out of range; allowed 0...1"),
        ("[clock]\n\"format\" = \"H\"\n", "f.toml:2:12: clock.format: \"H\" is not allowed; allowed \"HH:MM\", \"HH:MM:SS\""),
        ("[[score]]\nlabel = \"X\"\n", "f.toml:2:1: score[0].name: a score needs a name of letters, digits, - and _"),
        ("[[score]]\nname = \"home\"\n[[score]]\nname = \"home\"\n", "f.toml:4:8: score[1].name: \"home\" is already the name of another score"),
        (
            "[[score]]\nname = \"home\"\ncolour = 1\n",
            "f.toml:3:1: score[0].colour: unknown key; allowed in [score[0]]: name, label, digits, min, max, change"
        ),
        ("[[score]]\nname = \"home\"\ndigits = 2\nmax = 100\n", "f.toml:4:7: score[0].max: 100 is out of range; allowed 0...99"),
        ("[[score]]\nname = \"home\"\nchange = \"jump\"\n", "f.toml:3:10: score[0].change: \"jump\" is not allowed; allowed \"flip\", \"step\""),
        (
            "[[timer]]\nname = \"t\"\nduration = \"2h\"\n",
            "f.toml:3:12: timer[0].duration: not a duration up to 99:59; write \"25m\", \"1h30m\", \"90s\" or \"MM:SS\""
        ),
        (
            "[[timer]]\nname = \"t\"\ndirection = \"sideways\"\n",
            "f.toml:3:13: timer[0].direction: \"sideways\" is not allowed; allowed \"down\", \"up\""
        ),
        (
            "[[place]]\nname = \"tokyo\"\ntime_zone = \"Asia/Tokio\"\n",
            "f.toml:3:13: place[0].time_zone: \"Asia/Tokio\" is not a known IANA time zone"
        ),
        ("[[place]]\nname = \"tokyo\"\n", "f.toml:2:1: place[0].time_zone: a place needs an IANA time zone such as \"Asia/Tokyo\""),
        ("[[score]]\nname = \"time\"\n", "f.toml:2:8: score[0].name: \"time\" is already the name of the face's own clock"),
        ("[[score]]\nname = \"x\"\n[[text]]\nname = \"x\"\n", "f.toml:4:8: text[0].name: \"x\" is already the name of another score"),
        ("[date]\nformat = \"%a %Q\"\n", "f.toml:2:10: date.format: %Q is not a date field; fields are %a %A %b %B %d %e %m %Y %y %j and %% for %"),
        ("[date]\nmonths = [\"Jan\"]\n", "f.toml:2:10: date.months: has 1 names; expected 12"),
        (
            "[date]\nlocale = \"xx_YY\"\n",
            "f.toml:2:10: date.locale: \"xx_YY\" is not a locale installed here (locale -a lists them); write a name such as \"de_DE\" or \"fr_FR\""
        ),
        ("[[text]]\nname = \"board\"\ncards = 4\ntext = \"HELLO\"\n", "f.toml:4:8: text[0].text: \"HELLO\" is 5 characters; board has 4 cards"),
        ("[[text]]\nname = \"board\"\nchange = \"spin\"\n", "f.toml:3:10: text[0].change: \"spin\" is not allowed; allowed \"step\", \"flip\""),
        ("[[text]]\nname = \"board\"\ncards = 40\n", "f.toml:3:9: text[0].cards: 40 is out of range; allowed 1...32"),
        ("[look]\nfallback = [\"DejaVu Sans\", \"\"]\n", "f.toml:2:12: look.fallback: a font is a path or a name, not \"\""),
        ("[look]\nfallback = [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\"]\n", "f.toml:2:12: look.fallback: has 9 fonts; at most 8"),
        (
            "[[text]]\nname = \"board\"\ncharacters = \"\(String((0..<257).map { Character(Unicode.Scalar(0x4E00 + $0)!) }))\"\n",
            "f.toml:3:14: text[0].characters: adds 257 characters to the cards; at most 256"
        ),
        ("[[row]]\nshow = [\"time\", \"tokyo\"]\n", "f.toml:2:8: row[0].show: nothing is named \"tokyo\"; names are time"),
        ("[[row]]\nshow = [\"time\"]\n[[row]]\nshow = [\"time\"]\n", "f.toml:4:8: row[1].show: \"time\" is already shown in another row"),
        (
            "[[night]]\nhours = \"22:00-7:00\"\n",
            "f.toml:2:9: night[0].hours: \"22:00-7:00\" is not a period of the day; write \"HH:MM-HH:MM\", such as \"22:00-07:00\", or with dawn, sunrise, sunset or dusk (\"sunset+30m-07:00\")"
        ),
        (
            "[[night]]\nhours = \"sunset-07:00\"\n",
            "f.toml:2:9: night[0].hours: \"sunset-07:00\" follows the sun: say where the clock is with [sun] latitude and longitude"
        ),
        ("[sun]\nlatitude = 91\nlongitude = 0\n", "f.toml:2:12: sun.latitude: 91 is out of range; allowed -90...90"),
        (
            "[light]\nsensor = \"iio:device0\"\n",
            "f.toml:2:10: light.sensor: \"iio:device0\" is neither \"auto\" nor a device's folder (an absolute path)"
        ),
        ("[light]\ncurve = [[10, 25], [5, 60]]\n", "f.toml:2:9: light.curve: point 2: the lux must rise from point to point"),
        ("[light]\ncurve = [[10, 125]]\n", "f.toml:2:9: light.curve: point 1: the lux must be 0...200000 and the percent 0...100"),
        (
            "[light]\ncurve = 5\n",
            "f.toml:2:9: light.curve: expected [[lux, percent], …], such as [[0, 5], [10, 25], [100, 60], [1000, 100]], 1 to 16 points"
        ),
        (
            "[light]\ncurve = [[1, 2, 3]]\n",
            "f.toml:2:9: light.curve: point 1: expected [[lux, percent], …], such as [[0, 5], [10, 25], [100, 60], [1000, 100]]"
        ),
        ("[light]\ninterval_seconds = 0\n", "f.toml:2:20: light.interval_seconds: 0 is out of range; allowed 0.2...60"),
        ("[sun]\nlatitude = 60.5\nlongitude = -180.5\n", "f.toml:3:13: sun.longitude: -180.5 is out of range; allowed -180...180"),
        (
            "[sun]\nlatitude = 60\n",
            "f.toml:2:1: sun.longitude: [sun] needs both latitude (-90...90, north) and longitude (-180...180, east)"
        ),
        ("[[night]]\nbrightness = 20\n", "f.toml:2:1: night[0].hours: a night period needs hours = \"HH:MM-HH:MM\""),
        ("[[night]]\nhours = \"22:00-07:00\"\nbrightness = 120\n", "f.toml:3:14: night[0].brightness: 120 is out of range; allowed 0...100"),
        ("[output.screen.DP-1]\nrows = [\"time tokyo\"]\n", "f.toml:2:8: output.screen.DP-1.rows: nothing is named \"tokyo\"; names are time"),
        ("[[row]]\nshow = []\n", "f.toml:2:1: row[0].show: a row needs show = [names], from: time"),
        ("[look]\nbackground = \"\"\"\n#000000\"\"\"\ncard = \"#1\"\n", "f.toml:4:8: look.card: \"#1\" is not a colour; expected \"#rrggbb\""),
        ("[look]\nfont = [\n  \"a\", # ]\n  \"b\"]\ncard = \"#1\"\n", "f.toml:2:8: look.font: expected a string, found an array"),
        ("[look] # colours\ndigits = 'x#y'  # literal string\n", "f.toml:2:10: look.digits: \"x#y\" is not a colour; expected \"#rrggbb\""),
        (
            "[http]\nlisten = \"0.0.0.0:8080\"\n",
            "f.toml:2:10: http.listen: 0.0.0.0:8080 is reachable from other hosts; set http.token_file too, or listen on 127.0.0.1"
        ),
        ("[http]\nlisten = \"8080\"\n", "f.toml:2:10: http.listen: \"8080\" is not HOST:PORT (an IPv6 address in brackets), the port 0...65535"),
        (
            "[http]\nlisten = \"[::1]:70000\"\n",
            "f.toml:2:10: http.listen: \"[::1]:70000\" is not HOST:PORT (an IPv6 address in brackets), the port 0...65535"
        ),
        ("[http]\ntoken_file = \"/t\"\n", "f.toml:2:1: http.listen: expected a string \"HOST:PORT\", such as \"127.0.0.1:8080\""),
        ("[http]\nlisten = \"127.0.0.1:8080\"\ntimeout_seconds = 0\n", "f.toml:3:19: http.timeout_seconds: 0 is out of range; allowed 1...300"),
        (
            "[http]\nlisten = \"127.0.0.1:8080\"\nport = 1\n",
            "f.toml:3:1: http.port: unknown key; allowed in [http]: listen, token_file, timeout_seconds"
        ),
        ("[mqtt]\nport = 1883\n", "f.toml:2:1: mqtt.host: expected the broker's host name or address, such as \"broker.lan\""),
        ("[mqtt]\nhost = \"broker\"\nport = 0\n", "f.toml:3:8: mqtt.port: 0 is out of range; allowed 1...65535"),
        (
            "[mqtt]\nhost = \"broker\"\nbase_topic = \"clocks/#\"\n",
            "f.toml:3:14: mqtt.base_topic: \"clocks/#\" is not a topic; write up to 128 bytes without + #, control characters, a leading $, an empty level or a leading or trailing /, not empty"
        ),
        ("[mqtt]\nhost = \"broker\"\npassword_file = \"/p\"\n", "f.toml:3:1: mqtt.password_file: a password needs mqtt.username too"),
        (
            "[mqtt]\nhost = \"broker\"\ncert_file = \"/c.pem\"\n",
            "f.toml:3:1: mqtt.cert_file: a client certificate needs mqtt.key_file too"
        ),
        (
            "[mqtt]\nhost = \"broker\"\ntls = false\nca_file = \"/ca.pem\"\n",
            "f.toml:3:7: mqtt.tls: false, but mqtt.ca_file or mqtt.cert_file asks for TLS"
        ),
        ("[mqtt]\nhost = \"broker\"\nkeepalive_seconds = 1\n", "f.toml:3:21: mqtt.keepalive_seconds: 1 is out of range; allowed 5...3600"),
        (
            "[mqtt]\nhost = \"broker\"\nqos = 1\n",
            "f.toml:3:1: mqtt.qos: unknown key; allowed in [mqtt]: host, port, client_id, base_topic, discovery_prefix, keepalive_seconds, username, password_file, tls, ca_file, cert_file, key_file, message_seconds, groups, group_topic"
        ),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }

    /// Expects `text` (a file named `f.toml`) to be refused with exactly `message`: the place,
    /// the key and what is wrong. One check for every table's error tests.
    static func expectRefusal(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: ConfigError.self, "\(text)", sourceLocation: sourceLocation) { try ConfigFile.parse(text, path: "f.toml") }
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }

    @Test func aSyntaxErrorNamesItsPlace() {
        do {
            _ = try ConfigFile.parse("[clock]\nformat = \"HH:MM\n", path: "f.toml")
            Issue.record("no error")
        } catch {
            #expect(error.key == nil)
            // toml++ points at the end of the line where the string should have closed.
            #expect(error.location == FileLocation(file: "f.toml", line: 2, column: 16))
            #expect(
                error.description
                    == "f.toml:2:16: syntax error: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited"
            )
        }
    }

    @Test func anUnreadableFileSaysWhy() {
        #expect(
            throws: ConfigError(
                FileLocation(file: "/nonexistent/flipclock.toml", line: 1, column: 1), key: nil, "cannot read: No such file or directory")
        ) {
            try ConfigFile.load(path: "/nonexistent/flipclock.toml")
        }
    }

    /// A file being written is not a configuration to reload: empty (a truncating redirect),
    /// or cut off mid-line (a full disk, a writer in steps). A whole file is.
    @Test func anEmptyOrUnterminatedFileIsTakenForOneBeingWritten() {
        #expect(
            ConfigFile.unfinished(" \n\n", path: "f.toml")?.description
                == "f.toml:1:1: the file is empty; a reload keeps the running configuration (an empty file is read only at a start)")
        #expect(
            ConfigFile.unfinished("[clock]\nlabel = \"Zü", path: "f.toml")?.description
                == "f.toml:2:12: the file ends without a line break, as one still being written does; a reload keeps the running configuration (end the last line)"
        )
        #expect(ConfigFile.unfinished("[clock]\r\nlabel = \"Zürich\"\r\n", path: "f.toml") == nil)
    }

    /// A byte that is not UTF-8 is reported where it is, not at the file's start.
    @Test func aByteThatIsNotUTF8IsReportedWhereItIs() {
        #expect(
            throws: ConfigError(
                FileLocation(file: "f.toml", line: 2, column: 11), key: nil, "not UTF-8 text: byte 0xFF here is not a UTF-8 character's")
        ) {
            try ConfigFile.text(Array("[clock]\nlabel = \"ü".utf8) + [0xff, 0x22, 0x0a], path: "f.toml")
        }
    }

    /// An image larger than a 4K screen is refused where its size is written: 16384x16384
    /// took 3.4 GB and never finished a flip.
    @Test func anImageSizeIsBoundedAtTheCheck() {
        #expect(
            throws: ConfigError(
                FileLocation(file: "f.toml", line: 2, column: 8), key: "output.size",
                "\"16384x16384\" is 268435456 pixels; at most 8294400 (3840x2160, a 4K screen's), as each frame is drawn whole")
        ) {
            try ConfigFile.parse("[output]\nsize = \"16384x16384\"\n", path: "f.toml")
        }
        #expect((try? ConfigFile.parse("[output]\nsize = \"3840x2160\"\n", path: "f.toml")) != nil)
    }

    /// An empty table is reported where it begins, with the file's name.
    @Test func anEmptyScoreIsReportedAtItsHeader() {
        #expect(
            throws: ConfigError(
                FileLocation(file: "f.toml", line: 2, column: 3), key: "score[0].name", "a score needs a name of letters, digits, - and _")
        ) {
            try ConfigFile.parse("[clock]\n[[score]]\n", path: "f.toml")
        }
    }

    /// `\u0000` in a string would end its text there, silently: refused where it is written;
    /// in a literal string, a comment, or after an escaped backslash it is no escape.
    @Test func aNULEscapeInAStringIsRefusedWhereItIsWritten() throws {
        #expect(
            throws: ConfigError(
                FileLocation(file: "f.toml", line: 2, column: 12), key: nil,
                "\\u0000 in a string: a NUL would end the text there; write what it should say without it")
        ) {
            try ConfigFile.parse("[clock]\nlabel = \"AB\\u0000CD\"\n", path: "f.toml")
        }
        #expect(NULEscape.first(in: "a = \"\"\"\nx\n  \\U00000000\"\"\"\n") ?? (0, 0) == (3, 3))
        let label = try ConfigFile.parse("[clock]\nlabel = 'A\\u0000' # \"\\u0000\"\n[date]\nlabel = \"B\\\\u0000\"\n", path: "f.toml")
        #expect(label.clockLabel == "A\\u0000" && label.date?.label == "B\\u0000")
    }
}

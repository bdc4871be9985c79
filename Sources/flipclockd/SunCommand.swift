import ArgumentParser
import FlipClockCore
import FlipClockDaemon

/// `flipclockd sun LAT,LON`: each day's dawn, sunrise, sunset and dusk where the clock is, as
/// the night schedule reads them (for checking `[sun]`'s coordinates).
struct SunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract:
            "Print each day's civil dawn, sunrise, sunset and civil dusk at LAT,LON (degrees north, east) as the night schedule computes them: local HH:MM:SS, 'above' (the sun stays above all day), 'below' (it stays below) or '--' (not on that day)."
    )

    @Argument(parsing: .allUnrecognized, help: "LAT,LON, such as 69.65,18.96 or -33.87,151.21.")
    var place: [String] = []

    @Option(help: "The first day, YYYY-MM-DD (default: today in the zone).")
    var date: String?

    @Option(help: "The zone the times are shown in, such as Europe/Oslo (default: the system's).")
    var zone: String?

    @Option(help: "How many days, 1...366.")
    var days: Int = 1

    func validate() throws {
        guard place.count == 1, Self.coordinates(place[0]) != nil else {
            throw ValidationError("expected one LAT,LON, latitude -90...90 and longitude -180...180, such as 69.65,18.96")
        }
        if let date, PreviewCommand.day(date) == nil { throw ValidationError("--date: \"\(date)\" is not a day; expected YYYY-MM-DD") }
        if let zone, ZoneInfo.system.rules(named: zone) == nil {
            throw ValidationError("--zone: \"\(zone)\" is not a zone of \(ZoneInfo.system.folder)")
        }
        guard (1...366).contains(days) else { throw ValidationError("--days: \(days) is out of range; allowed 1...366") }
    }

    static func coordinates(_ text: String) -> Coordinates? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingPrefix(" ")) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        return Coordinates(latitude: lat, longitude: lon)
    }

    func run() throws {
        let place = Self.coordinates(place[0])!
        let rules = zone.flatMap(ZoneInfo.system.rules(named:)) ?? SystemZone.current()
        let first = date.flatMap(PreviewCommand.day) ?? ClockReading.today(in: rules)
        print("day        dawn     sunrise  sunset   dusk     (\(rules.identifier))")
        for n in 0..<days {
            let day = CalendarDay(daysSinceEpoch: first.daysSinceEpoch + n)
            let times = SunEvent.allCases.map { event -> String in
                switch SunTimes.time(of: event, at: place, on: day, in: rules) {
                case .at(let instant):
                    let local = instant.unixSeconds + rules.offset(at: instant)
                    return WallTime(hour: 0, minute: 0, second: 0).adding(seconds: local).description
                case .alwaysAbove: return "above   "
                case .alwaysBelow: return "below   "
                case .notThatDay: return "--      "
                }
            }
            print("\(day) \(times.joined(separator: " "))")
        }
    }
}

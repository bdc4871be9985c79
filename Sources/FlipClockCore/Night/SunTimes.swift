import Glibc

/// Where the clock stands on the Earth: degrees north (−90…90) and east (−180…180).
public struct Coordinates: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        precondition((-90...90).contains(latitude) && (-180...180).contains(longitude), "not a place on the Earth")
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The moments of the sun a night period can start or end at.
public enum SunEvent: String, CaseIterable, Sendable {
    /// Civil dawn: the sun's centre 6° below the horizon, rising.
    case dawn
    /// The sun's upper edge on the horizon, rising.
    case sunrise
    case sunset
    /// Civil dusk: the sun's centre 6° below the horizon, setting.
    case dusk

    var rising: Bool { self == .dawn || self == .sunrise }

    /// The sun's zenith angle at the event before refraction: 90° plus the sun's apparent
    /// radius (16′) at rise and set, 96° at civil twilight.
    var zenith: Double { self == .dawn || self == .dusk ? 96 : 90 + 16.0 / 60 }
}

/// When a sun event happens on a calendar day, or why it does not.
public enum SunTime: Equatable, Sendable {
    case at(WallInstant)
    /// The sun stays above the event's elevation all day (polar day, for rise and set).
    case alwaysAbove
    /// The sun stays below it all day (polar night).
    case alwaysBelow
    /// It happens, but just before and after this calendar day, not on it (near the poles'
    /// edge, where a day's event drifts past midnight).
    case notThatDay

    public var instant: WallInstant? {
        if case .at(let instant) = self { return instant }
        return nil
    }
}

/// Sunrise, sunset and civil twilight by NOAA's solar position algorithm, as astral (PyPI)
/// computes them: the sun's declination and the equation of time at the event, found in two
/// steps from the day's noon; refraction by the same formula (Sæmundsson's fit, ≈ 0.52° at the
/// horizon, so rise and set are at a zenith of about 90.79°); latitudes beyond ±89.8° as ±89.8°.
public enum SunTimes {
    /// When `event` happens at `place` on `day` as a wall calendar in `zone` shows it.
    public static func time(of event: SunEvent, at place: Coordinates, on day: CalendarDay, in zone: ZoneRules) -> SunTime {
        func localDay(_ instant: WallInstant) -> Int {
            (instant.unixSeconds + zone.offset(at: instant)).floorDivided(by: 86400)
        }
        let wanted = day.daysSinceEpoch
        guard let first = transit(event, at: place, utcDay: wanted) else { return polar(event, at: place, utcDay: wanted) }
        let firstDay = localDay(first)
        if firstDay == wanted { return .at(first) }
        // The UTC day's event falls on another local day: the one of the day next to it.
        guard let second = transit(event, at: place, utcDay: wanted + (firstDay < wanted ? 1 : -1)) else {
            return polar(event, at: place, utcDay: wanted)
        }
        return localDay(second) == wanted ? .at(second) : .notThatDay
    }

    /// Whether the sun is always above or below the event's elevation on a UTC day, by its
    /// zenith at solar noon (as astral says it: for rise and set, below if the sun's centre,
    /// refraction counted, stays under the horizon).
    private static func polar(_ event: SunEvent, at place: Coordinates, utcDay: Int) -> SunTime {
        let midnight = julianDay(utcDay)
        let noon = midnight + (720 - 4 * place.longitude - equationOfTime(century(midnight))) / 1440
        let zenith = abs(clampedLatitude(place) - declination(century(noon)))
        let below = event == .sunrise || event == .sunset ? zenith - refraction(atZenith: zenith) > 90 : zenith > event.zenith
        return below ? .alwaysBelow : .alwaysAbove
    }

    /// The event's instant on the UTC day `utcDay` (days since 1970); `nil` if the sun does not
    /// cross its elevation that day.
    static func transit(_ event: SunEvent, at place: Coordinates, utcDay: Int) -> WallInstant? {
        let latitude = clampedLatitude(place)
        let zenith = event.zenith + refraction(atZenith: event.zenith)
        let day = julianDay(utcDay)
        var minutes = 0.0, adjustment = 0.0
        for _ in 0..<2 {
            let t = century(day + adjustment)
            guard var angle = hourAngle(latitude: latitude, declination: declination(t), zenith: zenith) else { return nil }
            if !event.rising { angle = -angle }
            var offset = (-place.longitude - angle * 180 / .pi) * 4 - equationOfTime(t)
            if offset < -720 { offset += 1440 }
            minutes = 720 + offset
            adjustment = minutes / 1440
        }
        return WallInstant(secondsSince1970: Double(utcDay) * 86400 + minutes * 60)
    }

    private static func clampedLatitude(_ place: Coordinates) -> Double { max(-89.8, min(89.8, place.latitude)) }

    /// The Julian day at 0:00 UTC of the day `utcDay` days after 1970.
    static func julianDay(_ utcDay: Int) -> Double { Double(utcDay) + 2_440_587.5 }

    /// Julian centuries since J2000.0.
    static func century(_ julianDay: Double) -> Double { (julianDay - 2_451_545) / 36525 }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// The sun's hour angle (radians) when it is at `zenith`; `nil` if it never is.
    static func hourAngle(latitude: Double, declination: Double, zenith: Double) -> Double? {
        let h =
            (cos(radians(zenith)) - sin(radians(latitude)) * sin(radians(declination))) / (cos(radians(latitude)) * cos(radians(declination)))
        return (-1...1).contains(h) ? acos(h) : nil
    }

    /// Atmospheric refraction (degrees) of the sun seen at `zenith`.
    static func refraction(atZenith zenith: Double) -> Double {
        let elevation = 90 - zenith
        if elevation >= 85 { return 0 }
        let te = tan(radians(elevation))
        let arcseconds: Double
        if elevation > 5 {
            arcseconds = 58.1 / te - 0.07 / (te * te * te) + 0.000086 / (te * te * te * te * te)
        } else if elevation > -0.575 {
            arcseconds = 1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)))
        } else {
            arcseconds = -20.774 / te
        }
        return arcseconds / 3600
    }

    static func meanLongitude(_ t: Double) -> Double { (280.46646 + t * (36000.76983 + 0.0003032 * t)).truncatingRemainder(dividingBy: 360) }
    static func meanAnomaly(_ t: Double) -> Double { 357.52911 + t * (35999.05029 - 0.0001537 * t) }
    static func eccentricity(_ t: Double) -> Double { 0.016708634 - t * (0.000042037 + 0.0000001267 * t) }

    static func declination(_ t: Double) -> Double {
        let m = radians(meanAnomaly(t))
        let center = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let apparent = meanLongitude(t) + center - 0.00569 - 0.00478 * sin(radians(125.04 - 1934.136 * t))
        return degrees(asin(sin(radians(obliquity(t))) * sin(radians(apparent))))
    }

    static func obliquity(_ t: Double) -> Double {
        let seconds = 21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))
        return 23 + (26 + seconds / 60) / 60 + 0.00256 * cos(radians(125.04 - 1934.136 * t))
    }

    /// Minutes the sundial is ahead of the mean sun.
    static func equationOfTime(_ t: Double) -> Double {
        let l0 = radians(meanLongitude(t)), e = eccentricity(t), m = radians(meanAnomaly(t))
        let y = pow(tan(radians(obliquity(t)) / 2), 2)
        let value = y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0) - 0.5 * y * y * sin(4 * l0) - 1.25 * e * e * sin(2 * m)
        return degrees(value) * 4
    }
}

"""flipclockd sun against astral (PyPI): each day of a year at places from the equator to
Svalbard and Antarctica, in date-line and half-hour zones, over their DST changes.

Every dawn, sunrise, sunset and dusk the daemon prints must be within a minute of astral's,
and every day astral finds none of them the daemon must say why the same way: 'above' or
'below' (the sun stays on one side all day) or '--' (not on that day).
Prints `sun: PLACE ok|FAILED (detail)` a place and `N passed, M failed`; exits 1 on a failure.
"""

import datetime
import subprocess
import sys
import zoneinfo

from astral import Observer, sun

DAEMON = sys.argv[1]
YEAR_START = datetime.date(2026, 1, 1)
DAYS = 366
# name, latitude, longitude, zone
PLACES = [
    ("Tromsø", 69.6496, 18.9560, "Europe/Oslo"),
    ("Longyearbyen", 78.2232, 15.6267, "Arctic/Longyearbyen"),
    ("Reykjavík", 64.1466, -21.9426, "Atlantic/Reykjavik"),
    ("Murmansk", 68.9585, 33.0827, "Europe/Moscow"),
    ("Utqiaġvik", 71.2906, -156.7886, "America/Anchorage"),
    ("Berlin", 52.52, 13.405, "Europe/Berlin"),
    ("London", 51.5074, -0.1278, "Europe/London"),
    ("New York", 40.7128, -74.0060, "America/New_York"),
    ("Quito (equator)", -0.1807, -78.4678, "America/Guayaquil"),
    ("Singapore", 1.3521, 103.8198, "Asia/Singapore"),
    ("Kolkata", 22.5726, 88.3639, "Asia/Kolkata"),
    ("Sydney", -33.8688, 151.2093, "Australia/Sydney"),
    ("Ushuaia", -54.8019, -68.3030, "America/Argentina/Ushuaia"),
    ("McMurdo", -77.8419, 166.6863, "Antarctica/McMurdo"),
    ("Apia (date line)", -13.8333, -171.7667, "Pacific/Apia"),
    ("Kiritimati (UTC+14)", 1.8721, -157.4278, "Pacific/Kiritimati"),
    ("Chatham (UTC+12:45)", -43.9535, -176.5597, "Pacific/Chatham"),
    ("Auckland", -36.8485, 174.7633, "Pacific/Auckland"),
]
EVENTS = ["dawn", "sunrise", "sunset", "dusk"]


def astral_says(observer, event, day, zone):
    """astral's local time of the event as seconds of the day, or its reason for none."""
    try:
        t = getattr(sun, event)(observer, day, tzinfo=zone)
    except ValueError as e:
        text = str(e)
        if "always above" in text:
            return "above"
        if "always below" in text:
            return "below"
        if "never reaches" in text:
            return "above|below"
        return "--"
    return t.hour * 3600 + t.minute * 60 + t.second + t.microsecond / 1e6


def daemon_says(lat, lon, zone):
    out = subprocess.run(
        [DAEMON, "sun", f"{lat},{lon}", "--date", YEAR_START.isoformat(), "--zone", zone, "--days", str(DAYS)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.splitlines()
    days = {}
    for line in out[1:]:
        day, *times = line.split()
        days[day] = times
    return days


def check(name, lat, lon, zone_name):
    zone = zoneinfo.ZoneInfo(zone_name)
    observer = Observer(latitude=lat, longitude=lon)
    ours = daemon_says(lat, lon, zone_name)
    worst, wrong, compared, kinds = 0.0, [], 0, set()
    for n in range(DAYS):
        day = YEAR_START + datetime.timedelta(days=n)
        times = ours.get(day.isoformat())
        if times is None or len(times) != 4:
            wrong.append(f"{day}: no line")
            continue
        for event, mine in zip(EVENTS, times, strict=True):
            theirs = astral_says(observer, event, day, zone)
            if isinstance(theirs, str):
                kinds.add(theirs)
                if mine not in theirs.split("|"):
                    wrong.append(f"{day} {event}: {mine}, astral {theirs}")
                continue
            h, m, s = (int(x) for x in mine.split(":")) if mine.count(":") == 2 else (None, None, None)
            if h is None:
                wrong.append(f"{day} {event}: {mine}, astral {theirs / 3600:.4f} h")
                continue
            diff = abs(h * 3600 + m * 60 + s - theirs)
            worst = max(worst, diff)
            compared += 1
            if diff > 60:
                wrong.append(f"{day} {event}: {mine}, astral off by {diff:.0f} s")
    detail = f"{compared} times, worst {worst:.1f} s" + (f", none: {'/'.join(sorted(kinds))}" if kinds else "")
    if wrong:
        return False, f"{len(wrong)} wrong, first {wrong[:3]}; {detail}"
    return True, detail


def main():
    passed = failed = 0
    for place in PLACES:
        ok, detail = check(*place)
        print(f"sun: {place[0]} {'ok' if ok else 'FAILED'} ({detail})", flush=True)
        passed, failed = passed + ok, failed + (not ok)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()

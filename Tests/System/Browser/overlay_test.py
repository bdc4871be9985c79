#!/usr/bin/env python3
"""The stream overlay (`GET /overlay`) in a real browser, as OBS's browser source shows it:
Debian's headless Chromium, driven by selenium through chromedriver, over a transparent
background (DevTools' default background colour with alpha 0), against a real flipclockd with a
[game] and a token (the overlay's address carries it, #token=…). It checks that the screenshot
is transparent outside the bar and opaque on the cards, that a score change appears, that a
running game clock counts on the page by itself and agrees with GET /v1/state's within 0.2 s, and
that a bad option is said in words; it prints the first paint (navigation start to the first
state drawn) and a score change's delay (the request sent to the DOM showing it, 10 changes).
Prints `N passed, M failed`.

    Tests/System/Browser/overlay_test.py [--daemon .build/debug/flipclockd] [--screenshot docs/overlay.png]
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.request

from page_test import TOKEN, Run, free_port, until
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from flipclockd import DaemonFailed, Flipclockd  # noqa: E402  (page_test put its folder on the path)
from pictures import read_png  # noqa: E402  (and the qemu tests' folder)

WIDTH, HEIGHT = 1280, 720


def config(folder, port):
    return f"""[[score]]
name = "home"
label = "HOME"
[[score]]
name = "away"
label = "GUESTS"
[game]
period = "10:00"
[game.shot_clock]
resets = [24, 14]
[output]
kind = "png"
directory = "{folder}/frames"
size = "320x180"
[control]
socket = "{folder}/control.sock"
[state]
file = "{folder}/state.json"
[http]
listen = "127.0.0.1:{port}"
token_file = "{folder}/http-token"
"""


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--force-device-scale-factor=1", "--hide-scrollbars", "--no-first-run", f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    # OBS's browser source: what the page does not paint is transparent.
    driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    return driver


# Stamps (Date.now()) each change of an item's cards' text, for the change's delay.
WATCH = """
window.changes = [];
const item = document.querySelector('[data-item="' + arguments[0] + '"]');
new MutationObserver(() => window.changes.push([Date.now(), item.querySelector(".cards").textContent]))
  .observe(item, { subtree: true, childList: true, characterData: true });
"""

# The state from GET /v1/state and the overlay's reading, taken as the state arrives.
BOTH = """
const done = arguments[arguments.length - 1];
fetch("/v1/state", { cache: "no-store", headers: { "Authorization": "Bearer " + arguments[0] } })
  .then((r) => r.json()).then((state) => done([state.game, window.overlayReading()]), (e) => done(String(e)));
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", default=".build/debug/flipclockd")
    p.add_argument("--screenshot", help="save the overlay at 1280x720, transparent, here")
    args = p.parse_args()
    started = time.monotonic()
    run = Run()
    folder = tempfile.mkdtemp(prefix="flipclock-overlay-")
    port = free_port()
    daemon, driver = None, None

    def api(method, path, body=None):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)

    def cards(item):
        return driver.execute_script(f"const e = document.querySelector('[data-item=\"{item}\"] .cards'); return e ? e.textContent : null")
    try:
        with open(f"{folder}/http-token", "w") as f:
            f.write(TOKEN + "\n")
        daemon = Flipclockd(args.daemon, config(folder, port), folder)
        try:
            daemon.start()
            failure = ""
        except DaemonFailed as error:
            failure = str(error)
        if not run.check("flipclockd answers HTTP", not failure, failure):
            return run
        api("POST", "/v1/scores/set", {"scores": {"home": 87, "away": 79}})
        api("POST", "/v1/game", {"do": "period 4"})
        api("POST", "/v1/game", {"do": "set 5:42"})
        driver = browser()
        base = f"http://127.0.0.1:{port}/overlay"

        # A bad option, said in words on the page; a wrong token too.
        driver.get(base + "?items=home,foo")
        told = until(lambda: driver.execute_script("const p = document.getElementById('problem'); return !p.hidden && p.textContent"), 5)
        run.check("a bad item is said on the page", told == 'overlay: items: "foo" is not one of home, away, game, period, shot', repr(told))
        driver.get(base + "?scale=9")
        told = until(lambda: driver.execute_script("const p = document.getElementById('problem'); return !p.hidden && p.textContent"), 5)
        run.check("a bad scale is said on the page", told == 'overlay: scale: "9" is not a number from 0.5 to 4', repr(told))
        driver.get(base + "#token=" + "0" * 32)
        told = until(lambda: driver.execute_script("const p = document.getElementById('problem'); return !p.hidden && p.textContent"), 5)
        run.check("a wrong token is said on the page", bool(told) and "#token=" in told, repr(told))

        # The overlay as OBS loads it: the first state drawn, measured from the navigation's start.
        driver.get(base + "?items=home,away,game,period,shot&position=bottom#token=" + TOKEN)
        drawn = until(lambda: driver.execute_script("return window.overlayFirstDraw"), 10)
        run.check("the overlay draws the state", drawn is not None)
        first_paint = driver.execute_script("return window.overlayFirstDraw")
        print(f"first paint: {first_paint:.1f} ms from navigation start to the first state drawn", flush=True)
        shown = {item: cards(item) for item in ("home", "away", "game", "period", "shot")}
        run.check("it shows home 87, away 79, 05:42, period 4 and the shot clock's 24",
                  shown == {"home": "87", "away": "79", "game": "0542", "period": "4", "shot": "24"}, str(shown))

        # Transparent outside the bar, opaque on the cards.
        time.sleep(0.5)  # the cards' flip-in is over
        png = driver.get_screenshot_as_png()
        width, height, channels, rgba = read_png(png, "the screenshot")
        assert channels == 4, "the screenshot has no alpha"
        rects = driver.execute_script("return [...document.querySelectorAll('.card')].map((c) => { const r = c.getBoundingClientRect();"
                                      " return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; })")

        def alpha(x, y):
            return rgba[(y * width + x) * 4 + 3]
        outside = [alpha(x, y) for x, y in ((0, 0), (width - 1, 0), (width // 2, height // 3), (0, height - 1), (width - 1, height - 1))]
        transparent = sum(1 for i in range(3, len(rgba), 4) if rgba[i] == 0) / (width * height)
        on_cards = [alpha(x + 4, y + 4) for x, y, _, _ in rects] + [alpha(x + w // 2, y + h - 6) for x, y, w, h in rects]
        run.check(f"the screenshot is {width}x{height} RGBA, transparent outside the bar ({transparent:.0%} of it has alpha 0)",
                  (width, height) == (WIDTH, HEIGHT) and outside == [0] * 5 and transparent > 0.8, str(outside))
        run.check(f"it is opaque on all {len(rects)} cards", len(rects) == 11 and on_cards == [255] * len(on_cards), str(on_cards))
        if args.screenshot:
            with open(args.screenshot, "wb") as f:
                f.write(png)
            print(f"saved {args.screenshot}")

        # A score change appears: ten of them, each timed from the request to the DOM showing it.
        delays = []
        for n in range(10):
            driver.execute_script(WATCH, "home")
            sent = time.time() * 1000
            api("POST", "/v1/scores/add", {"scores": {"home": 1}})
            wanted = str(88 + n)
            change = until(lambda w=wanted: driver.execute_script("return window.changes.find((c) => c[1] === arguments[0])", w), 5, 0.01)
            if not change:
                break
            delays.append(change[0] - sent)
        run.check("each of 10 score changes appears on the overlay", len(delays) == 10 and cards("home") == "97",
                  f"{len(delays)} seen, home {cards('home')}")
        if delays:
            print(f"change delay: median {statistics.median(delays):.1f} ms, max {max(delays):.1f} ms over {len(delays)} changes "
                  "(POST /v1/scores/add sent to the DOM showing it)", flush=True)

        # A running game clock counts on the page by itself and agrees with GET /v1/state's.
        api("POST", "/v1/game", {"do": "start"})
        time.sleep(1.5)
        first = driver.execute_script("return window.overlayReading()")
        time.sleep(0.7)
        second = driver.execute_script("return window.overlayReading()")
        run.check(f"the running game clock counts down on the overlay ({first['clock_ms']:.0f} then {second['clock_ms']:.0f} ms)",
                  second["clock_ms"] < first["clock_ms"] - 500, f"{first} {second}")
        driver.set_script_timeout(5)
        differences = []
        for _ in range(5):
            state, reading = driver.execute_async_script(BOTH, TOKEN)
            differences.append(reading["clock_ms"] - state["clock_ms"])
            time.sleep(0.3)
        worst = max(differences, key=abs)
        run.check(f"it agrees with GET /v1/state's clock_ms within 0.2 s (5 readings, the worst {worst:+.0f} ms)", abs(worst) <= 200,
                  str(differences))
        text = until(lambda: (lambda s, c: c if s.replace(":", "") == c else None)(api("GET", "/v1/state")["game"]["clock"], cards("game")), 3, 0.05)
        run.check("its cards read the state's clock text", text is not None)
        api("POST", "/v1/game", {"do": "stop"})
        # Restarted under it, the overlay comes back by itself.
        daemon.stop()
        daemon.start()
        api("POST", "/v1/scores/set", {"scores": {"home": 3}})
        run.check("the daemon restarted, the overlay reconnects and follows", until(lambda: cards("home") == "3", 15) is not None, cards("home"))
    finally:
        if driver:
            driver.quit()
        if daemon:
            daemon.close()
    print(f"{time.monotonic() - started:.1f} s", flush=True)
    return run


if __name__ == "__main__":
    outcome = main()
    print(f"{outcome.passed} passed, {outcome.failed} failed")
    sys.exit(1 if outcome.failed else 0)

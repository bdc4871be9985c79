#!/usr/bin/env python3
"""The control page in a real browser: Debian's headless Chromium, driven by selenium through
chromedriver, against a real flipclockd (built before, .build/debug/flipclockd) writing PNG
frames. At phone size (390x844) it signs in with a wrong token (the form comes back with the
reason), then the right one, taps +1 for home, and checks that the daemon's picture at rest is
`flipclockd preview`'s with home=1, and that the page's own live view followed the event stream:
the score reads 1 and the face was fetched again and shows exactly the daemon's picture. Then a
refusal in words, the timer, message and screen controls, the daemon restarted under the page
(offline, then live again), and a link with #token=… that signs in and leaves the address bar.
Prints `N passed, M failed`.

    Tests/System/Browser/page_test.py [--daemon .build/debug/flipclockd] [--screenshot docs/page.png]
"""
import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Qemu"))
sys.path.insert(0, os.path.join(HERE, "..", "Harness"))
from flipclockd import DaemonFailed, Flipclockd  # noqa: E402
from pictures import read_png_rgb  # noqa: E402

TOKEN = "5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5"
START = "12:00:02"  # the daemon's clock starts here; the test ends well before 12:01
WIDTH, HEIGHT = 480, 270


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def config(folder, port):
    # The daemon's frame is compared with the preview's, which never draws the unsynchronised
    # time's mark: this machine's clock need not be synchronised.
    return f"""[clock]
unsynced = "show"
[[score]]
name = "home"
label = "HOME"
[[score]]
name = "away"
label = "AWAY"
[[timer]]
name = "egg"
label = "EGG"
duration = "20m"
[game]
period = "10:00"
[game.shot_clock]
resets = [24, 14]
[output]
kind = "png"
directory = "{folder}/frames"
size = "{WIDTH}x{HEIGHT}"
[control]
socket = "{folder}/control.sock"
[state]
file = "{folder}/state.json"
[http]
listen = "127.0.0.1:{port}"
token_file = "{folder}/http-token"
"""


def until(what, seconds=10, step=0.1):
    """`what()`'s first true value within `seconds`, else None."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(step)
    return None


def pixels_differ(a, b):
    """None if the RGB images a and b are the same, else how they differ."""
    if a[:2] != b[:2]:
        return f"{a[0]}x{a[1]} against {b[0]}x{b[1]}"
    if a[2] == b[2]:
        return None
    diff = sum(1 for i in range(0, len(a[2]), 3) if a[2][i:i + 3] != b[2][i:i + 3])
    return f"{diff} pixels differ"


class Run:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def check(self, name, ok, detail=""):
        print(("ok    " if ok else "FAIL  ") + name + ("" if ok or not detail else f": {detail}"), flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--force-device-scale-factor=1", "--hide-scrollbars", "--no-first-run"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0, "touch": True}})
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


# The page's face as the browser shows it: the <img> drawn on a canvas, its RGB bytes in base64.
FACE_PIXELS = """
const face = document.getElementById("face");
if (!face.complete || !face.naturalWidth) return null;
const canvas = document.createElement("canvas");
canvas.width = face.naturalWidth; canvas.height = face.naturalHeight;
const context = canvas.getContext("2d");
context.drawImage(face, 0, 0);
const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
let text = "";
for (let i = 0; i < rgba.length; i += 4) text += String.fromCharCode(rgba[i], rgba[i + 1], rgba[i + 2]);
return [canvas.width, canvas.height, btoa(text), face.dataset.frame || ""];
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", default=".build/debug/flipclockd")
    p.add_argument("--screenshot", help="save the page at 390x844 here")
    p.add_argument("--operator-screenshot", help="save the page's operator part at 390x844 here")
    p.add_argument("--sets-screenshot", help="save the page's part for a match in sets at 390x844 here")
    args = p.parse_args()
    started = time.monotonic()
    run = Run()
    folder = tempfile.mkdtemp(prefix="flipclock-page-")
    port = free_port()
    daemon, driver = None, None
    try:
        with open(f"{folder}/http-token", "w") as f:
            f.write(TOKEN + "\n")
        daemon = Flipclockd(args.daemon, config(folder, port), folder, environment={"FLIPCLOCK_START": START})
        preview = subprocess.run([args.daemon, "preview", "--config", daemon.config_path, "--score", "home=1",
                                  "--from", "12:00:30", "--seconds", "0.1", "--fps", "10", "--size", f"{WIDTH}x{HEIGHT}",
                                  "--out", f"{folder}/preview"], capture_output=True, text=True, timeout=60)
        expected_path = f"{folder}/preview/frame-00000.png"
        if not run.check("flipclockd preview renders home=1", preview.returncode == 0 and os.path.exists(expected_path), preview.stderr):
            return run
        expected = read_png_rgb(expected_path)
        try:
            daemon.start()
            failure = ""
        except DaemonFailed as error:
            failure = str(error)
        if not run.check("flipclockd answers HTTP", not failure, failure):
            return run
        driver = browser()
        page = f"http://127.0.0.1:{port}/"
        driver.get(page)

        def find(css):
            return driver.find_element(By.CSS_SELECTOR, css)

        def shown(css):
            return driver.execute_script(f"const e = document.querySelector({css!r}); return !!e && e.getClientRects().length > 0;")
        size = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
        run.check("the page opens at 390x844, device scale 1", size == [390, 844, 1], str(size))
        run.check("without a token it asks for one", until(lambda: shown("#login"), 5))

        # A wrong token: the form comes back, saying why.
        find("#token").send_keys("0" * 32)
        find("#login button[type=submit]").click()
        reason = until(lambda: shown("#login") and find("#login-reason").text, 5)
        run.check("a wrong token shows the form again with the reason",
                  reason == "the token is not the one in the daemon's token file", repr(reason))

        # The right one: the scores and the face come from the event stream.
        find("#token").send_keys(TOKEN)
        find("#login button[type=submit]").click()
        home = '[data-score="home"] [data-value]'
        run.check("signed in, the page shows the scores from the state event",
                  until(lambda: shown("#panel") and driver.execute_script(f"return document.querySelector({home!r})?.textContent") == "0", 10))
        run.check("the event stream is live", until(lambda: find("#link").text == "live", 5), find("#link").text)
        before = until(lambda: driver.execute_script(FACE_PIXELS), 10)
        run.check("the live face is shown", before is not None)
        first_frame = int(before[3]) if before and before[3] else -1

        # Tap +1 for home.
        find('[data-score="home"] [data-step="+1"]').click()
        run.check("the page's score for home reads 1 (from a state event)",
                  until(lambda: driver.execute_script(f"return document.querySelector({home!r}).textContent") == "1", 10))

        # (a) The daemon's picture at rest is the preview's with home=1.
        current = f"{folder}/frames/current.png"
        expected_bytes = open(expected_path, "rb").read()

        def rests():
            try:
                data = open(current, "rb").read()
            except OSError:
                return None
            if data == expected_bytes:
                return "bytes"
            return "pixels" if pixels_differ(read_png_rgb(current), expected) is None else None
        same = until(rests, 10, 0.2)
        run.check(f"the daemon's PNG at rest equals flipclockd preview --score home=1 ({same or 'no'} match)", same is not None,
                  pixels_differ(read_png_rgb(current), expected) if os.path.exists(current) else "no current.png")

        # (b) The page's face was fetched again after a `shown` event and shows that picture.
        daemon_picture = read_png_rgb(current)

        def face_follows():
            face = driver.execute_script(FACE_PIXELS)
            if not face or not face[3] or int(face[3]) <= first_frame:
                return None
            picture = (face[0], face[1], base64.b64decode(face[2]))
            return face if pixels_differ(picture, daemon_picture) is None else None
        face = until(face_follows, 10, 0.2)
        run.check(f"the page's face was refreshed (frame {first_frame} -> {face[3] if face else '?'}) and its pixels are the daemon's current.png",
                  face is not None)
        if args.screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.3)
            driver.save_screenshot(args.screenshot)
            print(f"saved {args.screenshot}")

        # Made for a phone: at 360 px wide nothing runs off the side, and every control shown is at least 48 px high.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        narrow = until(lambda: driver.execute_script(
            "return innerWidth === 360 && [document.documentElement.scrollWidth, Math.min(...[...document.querySelectorAll("
            "'#panel button, #panel input, #panel select')].filter((e) => e.getClientRects().length > 0)"
            ".map((e) => e.getBoundingClientRect().height))]"), 5)
        run.check(f"at 360 px wide nothing overflows and every control is at least 48 px high (page {narrow[0] if narrow else '?'} px wide, "
                  f"lowest control {narrow[1] if narrow else '?'} px)",
                  bool(narrow) and narrow[0] <= 360 and narrow[1] >= 48, str(narrow))
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})

        # A refusal is said in words: its problem details' detail.
        find('[data-score="away"] [data-step="-1"]').click()
        told = until(lambda: shown("#problem") and find("#problem").text, 5)
        run.check("a refusal shows its detail", told == "away would be -1; allowed 0...99", repr(told))
        # The other controls, each seen in the state that comes back (so after the pictures above).
        def api(method, path):
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers={"Authorization": "Bearer " + TOKEN})
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.load(response)
        timer = '[data-timer="egg"]'
        find(timer + " [data-go]").click()
        run.check("Start runs the timer, and its button becomes Pause",
                  until(lambda: find(timer + " [data-state]").text == "running" and find(timer + " [data-go]").text == "Pause", 5))
        find(timer + " [data-go]").click()
        run.check("Pause pauses it", until(lambda: find(timer + " [data-state]").text == "paused", 5), find(timer + " [data-state]").text)
        find("#message-text").send_keys("GOAL")
        find("#message button[type=submit]").click()
        run.check("Send shows the message", until(lambda: find("#message-text").get_attribute("value") == "" and
                                                  "GOAL" in json.dumps(api("GET", "/v1/messages")), 5), json.dumps(api("GET", "/v1/messages")))
        find("#message-clear").click()
        run.check("Clear drops it", until(lambda: "GOAL" not in json.dumps(api("GET", "/v1/messages")), 5))
        find("#screen-off").click()
        run.check("Off turns the screen off", until(lambda: find("#screen-state").text == "off", 5), find("#screen-state").text)
        # A slider moved by a finger ends with a change event; set it as one.
        driver.execute_script("const d = document.getElementById('dim'); d.value = 30; d.dispatchEvent(new Event('change'))")
        run.check("the slider dims it to 30%", until(lambda: find("#screen-state").text == "dim 30%", 5), find("#screen-state").text)
        find("#screen-on").click()
        run.check("On turns it on again", until(lambda: find("#screen-state").text == "on", 5), find("#screen-state").text)

        # The operator's part ([game]): the clocks read out, one big start/stop, the shot
        # clock's resets, the clock a tenth either way, end of period, undo.
        def game():
            return api("GET", "/v1/state").get("game", {})

        def post_game(words):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/game", method="POST", data=json.dumps({"do": words}).encode(),
                                             headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.load(response)
        run.check("with [game] the operator's part reads the game clock 10:00 in period 1, the shot clock 24",
                  until(lambda: shown("#game-group") and (find("#game-clock").text, find("#game-period").text, find("#game-shot").text)
                        == ("10:00", "1", "24"), 5), find("#game-clock").text)
        find("#game-toggle").click()
        run.check("Start runs the game clock, and the button becomes Stop",
                  until(lambda: find("#game-toggle").text == "Stop" and game().get("running") is True, 5), json.dumps(game()))
        find("#game-toggle").click()
        run.check("Stop stops it", until(lambda: find("#game-toggle").text == "Start" and game().get("running") is False, 5))
        find('#game-shots [data-game="shot 14"]').click()
        run.check("Shot 14 resets the shot clock to 14", until(lambda: find("#game-shot").text == "14", 5), find("#game-shot").text)
        post_game("set 1:00")
        run.check("a game clock set through the API reads 01:00", until(lambda: find("#game-clock").text == "01:00", 5), find("#game-clock").text)
        find('#game-group [data-game="add -0.1"]').click()
        run.check("-0.1 takes a tenth off: 59.9", until(lambda: find("#game-clock").text == "59.9", 5), find("#game-clock").text)
        find("#game-undo").click()
        run.check("Undo puts it back: 01:00", until(lambda: find("#game-clock").text == "01:00", 5), find("#game-clock").text)
        if args.operator_screenshot:
            until(lambda: not shown("#problem"), 10)
            driver.execute_script("document.getElementById('game-group').scrollIntoView()")
            time.sleep(0.3)
            driver.save_screenshot(args.operator_screenshot)
            print(f"saved {args.operator_screenshot}")
        find('#game-group [data-game="end"]').click()
        run.check("End period starts the break: 02:00", until(lambda: find("#game-clock").text == "02:00" and game().get("phase") == "break", 5),
                  find("#game-clock").text)

        # The match record's last changes, newest first, each with its source: the page's own
        # (its tab's X-Flipclock-Client) as "this page", the API's by its token's fingerprint.
        def changes():
            return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#changes li")]
        run.check("Last changes lists the record's last 5, newest first, with their sources",
                  until(lambda: len(changes()) == 5 and changes()[0].endswith("game end · this page")
                        and changes()[1].endswith("game undo · this page")
                        and any("game set" in c and "· http 127.0.0.1 token " in c for c in changes()), 5), json.dumps(changes()))

        # The daemon stops and starts again: the page says it is offline, then reads the events again.
        daemon.stop()
        run.check("a dropped stream shows offline", until(lambda: find("#link").text == "offline", 5), find("#link").text)
        daemon.start()
        run.check("it reconnects to the restarted daemon and shows its state",
                  until(lambda: find("#link").text == "live" and find(home).text == "1", 15), find("#link").text)

        # A link with the token in its fragment (flipclockctl pair's code) signs in and drops it.
        driver.execute_script("localStorage.clear()")
        driver.get("about:blank")
        driver.get(page + "#token=" + TOKEN)
        signed = until(lambda: shown("#panel") and find("#link").text == "live", 10)
        run.check("#token=… signs in and leaves the address bar",
                  signed and driver.execute_script("return location.href") == page, driver.execute_script("return location.href"))

        # Reloaded to a tennis match ([sets] for [game]): the game's part goes, the match's comes;
        # four points for home win the first game, then away serves; each point is recorded as
        # the page's; Undo takes the last back.
        with open(daemon.config_path, "w") as f:
            f.write(config(folder, port).replace('[game]\nperiod = "10:00"\n[game.shot_clock]\nresets = [24, 14]\n',
                                                  '[sets]\nsport = "tennis"\n'))
        api("POST", "/v1/reload")
        run.check("reloaded with [sets], the page shows the match's part and not the game's, nor timeouts (tennis has none)",
                  until(lambda: shown("#sets-group") and not shown("#game-group") and not shown("#sets-timeouts"), 5),
                  find("#sets-group").get_attribute("hidden") or "shown")
        for _ in range(3):
            find('#sets-group [data-point="home"]').click()
            time.sleep(0.2)
        run.check("three points for home read 40 to 0, home serving",
                  until(lambda: find("#sets-home-points").text == "40" and find("#sets-serve").text == "home", 5),
                  f'{find("#sets-home-points").text}-{find("#sets-away-points").text} serve {find("#sets-serve").text}')
        find('#sets-group [data-point="home"]').click()
        run.check("the fourth wins the game: games 1–0, 0 to 0, away serving",
                  until(lambda: find("#sets-games").text == "games 1–0" and find("#sets-home-points").text == "0"
                        and find("#sets-serve").text == "away", 5),
                  f'{find("#sets-games").text} {find("#sets-home-points").text} serve {find("#sets-serve").text}')
        run.check("Last changes has the points as this page's",
                  until(lambda: len(changes()) >= 1 and changes()[0].endswith("point home · this page"), 5), json.dumps(changes()))
        if args.sets_screenshot:
            driver.execute_script("document.getElementById('sets-group').scrollIntoView()")
            time.sleep(0.3)
            driver.save_screenshot(args.sets_screenshot)
            print(f"saved {args.sets_screenshot}")
        find("#sets-undo").click()
        run.check("Undo takes the game's last point back: games 0–0, 40 to 0",
                  until(lambda: find("#sets-games").text == "games 0–0" and find("#sets-home-points").text == "40", 5),
                  f'{find("#sets-games").text} {find("#sets-home-points").text}')
    except Exception as error:  # a step that could not run is a failure, said as such
        run.check("the test ran to its end", False, f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    finally:
        if driver:
            driver.quit()
        if daemon:
            daemon.stop()
            if run.failed:
                print("daemon log (tail):\n" + "".join(daemon.log().splitlines(keepends=True)[-20:]))
        shutil.rmtree(folder, ignore_errors=True)
        print(f"browser test: {time.monotonic() - started:.1f} s")
    return run


if __name__ == "__main__":
    result = main()
    print(f"{result.passed} passed, {result.failed} failed")
    sys.exit(1 if result.failed else 0)

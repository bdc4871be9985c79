"""Commands through the command topics, as Home Assistant sends them: each state topic follows,
`flipclockctl status --json` agrees, and the daemon's own PNG frame shows it (pixel for pixel
what `flipclockd preview` draws, for the score). Then refusals: out of range, malformed and an
unknown score, each answered on B/error with the control socket's code, logged, changing nothing."""
import json
import time

import frames


def send(context, name, payload, state_topic, expected, seconds=5):
    """Publishes `payload` on B/`name` and waits for `expected` on B/`state_topic`."""
    listener, b = context.listener, context.base
    mark = listener.mark()
    listener.publish(f"{b}/{name}", payload)
    got = listener.find(mark, f"{b}/{state_topic}", expected, seconds=seconds)
    last = listener.since(mark, f"{b}/{state_topic}")
    context.check(f"B/{name} {payload!r}: B/{state_topic} says {expected!r}, retained", got is not None and got.retain,
                  f"got {[m.text for m in last]}" + ("" if got is None else f" retain={got.retain}"))
    return got is not None


def rest(path, seconds=3):
    """The frame once two reads 0.3 s apart are the same (the cards have stopped)."""
    end, last = time.monotonic() + seconds, frames.frame(path)
    while time.monotonic() < end:
        time.sleep(0.3)
        now = frames.frame(path)
        if now is not None and now == last:
            return now
        last = now
    return last


def listing(daemon, text, seconds=5):
    """The socket's `message list` once it names `text` (or the last one, after `seconds`)."""
    end = time.monotonic() + seconds
    while True:
        listed = daemon.request("message list") or ""
        if f'"{text}"' in listed or time.monotonic() >= end:
            return listed
        time.sleep(0.1)


def check(context, pictures):
    check, daemon = context.check, context.daemon
    before = rest(daemon.frame)
    check("the daemon's frame at rest is the preview's with home 0", before == pictures[0],
          "no frame" if before is None else f"{frames.differing(before, pictures[0])} pixels differ")
    send(context, "score/home/set", "3", "score/home", "3")
    status = daemon.status() or {}
    check("flipclockctl status --json agrees: home 3", status.get("scores", {}).get("home") == 3, str(status))
    after = frames.until_frame(daemon.frame, lambda f: f == pictures[3], seconds=10)
    check("the daemon's PNG equals flipclockd preview --score home=3, pixel for pixel", after == pictures[3],
          "no frame" if after is None else f"{frames.differing(after, pictures[3])} pixels differ")
    digits = frames.box(pictures[0], pictures[3])
    changed = frames.differing(before, after, digits) if before and after and digits else 0
    check(f"the score's digits (box {digits}) changed in the daemon's PNG", changed > 0, f"{changed} pixels")
    for payload, value in (("+1", "4"), ("-2", "2"), ("+1", "3")):
        send(context, "score/home/set", payload, "score/home", value)
    # Once the score's flips have landed (a flip with its bounce lasts 620 ms, and the sends above
    # return when the state topic changes, before the cards rest), frames per flip is a number,
    # published when the screens rest, without waiting a minute; the lateness is the time's
    # flip's, still null before 12:01.
    figures = {}
    end = time.monotonic() + 10
    while time.monotonic() < end:
        latest = context.listener.since(0, f"{context.base}/diagnostics")
        figures = json.loads(latest[-1].text) if latest else {}
        if isinstance(figures.get("frames_per_flip"), (int, float)):
            break
        time.sleep(0.1)
    check("after the score's flips B/diagnostics gives frames_per_flip as a number, flip_lateness_ms null until the time flips",
          isinstance(figures.get("frames_per_flip"), (int, float)) and figures["frames_per_flip"] > 0
          and "flip_lateness_ms" in figures and figures["flip_lateness_ms"] is None, str(figures))
    send(context, "score/away/set", "12", "score/away", "12")
    send(context, "score/away/set", "reset", "score/away", "5")

    before = rest(daemon.frame)
    send(context, "text/board/set", "GATE 12", "text/board", "GATE 12")
    status = daemon.status() or {}
    check("flipclockctl status --json agrees: board GATE 12", status.get("texts", {}).get("board") == "GATE 12", str(status))
    after = frames.until_frame(daemon.frame, lambda f: before is not None and f != before, seconds=5)
    check("the text row changed in the daemon's PNG", before and after and after != before, "same picture")

    send(context, "message/seconds/set", "4", "message/seconds", "4")
    # The face shows HH:MM: the picture taken before the message is the one after it only within
    # one minute. Under load the test reaches here late in the daemon's minute: start a new one.
    shown = (daemon.status() or {}).get("time", "")
    second = int(shown[-2:]) if len(shown) == 8 and shown[-2:].isdigit() else 0
    if second > 30:
        time.sleep(61 - second)
    before = rest(daemon.frame, seconds=8)
    context.listener.publish(f"{context.base}/message/set", "DINNER IS READY")
    listed = listing(daemon, "DINNER IS READY")
    check("B/message/set: the socket lists the message, for the message seconds (4 s)",
          '"DINNER IS READY" for 4s' in listed, listed)
    after = frames.until_frame(daemon.frame, lambda f: before is not None and f != before, seconds=5)
    check("the message panel opened in the daemon's PNG", before and after and after != before, "same picture")
    context.listener.publish(f"{context.base}/message/set", json.dumps({"text": "TEA", "duration": "2s", "row": 2}))
    listed = listing(daemon, "TEA")
    check('B/message/set {"text":"TEA","duration":"2s","row":2}: the socket lists it for 2s at row 2',
          '"TEA" for 2s row 2' in listed, listed)
    context.listener.publish(f"{context.base}/message/set",
                             json.dumps({"text": "DOOR", "duration": "30s", "name": "door", "urgent": True}))
    listed = listing(daemon, "DOOR")
    check('B/message/set {"text":"DOOR","name":"door","urgent":true}: listed urgent and named, ahead of the rest',
          '"DOOR" for 30s row 1 name door urgent' in listed and listed.index("DOOR") < listed.index("TEA"), listed)
    context.listener.publish(f"{context.base}/message/retract", "door")
    end = time.monotonic() + 5
    while "DOOR" in listed and time.monotonic() < end:
        time.sleep(0.1)
        listed = daemon.request("message list") or ""
    check("B/message/retract door: the socket no longer lists it", "DOOR" not in listed, listed)
    daemon.request("message clear")
    closed = frames.until_frame(daemon.frame, lambda f: f == before, seconds=5)
    check("message clear on the socket closes the panel: the picture is as before", closed == before, "")

    screen(context, before)
    timer(context)
    countdown(context)
    refusals(context)


def screen(context, full):
    check, daemon = context.check, context.daemon
    send(context, "screen/brightness/set", "40", "screen/brightness", "40")
    status = daemon.status() or {}
    check("flipclockctl status --json agrees: screen dim 40%", status.get("screen") == "dim 40%", str(status.get("screen")))
    dim = frames.until_frame(daemon.frame, lambda f: full is not None and frames.brightness(f) < 0.5 * frames.brightness(full))
    ratio = frames.brightness(dim) / frames.brightness(full) if dim and full else 0
    check(f"the daemon's PNG is dimmed to 40 % (mean {ratio:.2f} of full)", 0.35 <= ratio <= 0.45, f"{ratio:.3f}")
    send(context, "screen/set", "OFF", "screen", "OFF")
    check("flipclockctl status --json agrees: screen off", (daemon.status() or {}).get("screen") == "off", "")
    mark = context.listener.mark()
    send(context, "screen/set", "ON", "screen", "ON")
    level = context.listener.find(mark, f"{context.base}/screen/brightness", seconds=2)
    check("B/screen/set ON comes back at the last brightness, 40",
          (daemon.status() or {}).get("screen") == "dim 40%" and (level is None or level.text == "40"),
          f"{(daemon.status() or {}).get('screen')} {None if level is None else level.text}")
    send(context, "screen/brightness/set", "0", "screen", "OFF")
    send(context, "screen/brightness/set", "100", "screen/brightness", "100")


def timer(context):
    b, listener = context.base, context.listener
    for command, state in (("start 1m", "running"), ("pause", "paused"), ("resume", "running"), ("reset", "idle")):
        mark = listener.mark()
        listener.publish(f"{b}/timer/egg/set", command)
        got = listener.find(mark, f"{b}/timer/egg", seconds=5)
        value = json.loads(got.text) if got else {}
        limit = 240 if state == "idle" else 60
        timers = {t["name"]: t for t in (context.daemon.status() or {}).get("timers", [])}
        context.check(f"B/timer/egg/set {command!r}: B/timer/egg is {state}, status agrees",
                      value.get("state") == state and 0 < value.get("seconds", 0) <= limit
                      and timers.get("egg", {}).get("state") == state, f"{value} / {timers.get('egg')}")


def countdown(context):
    """B/countdown/opening/set: a moment counts to it, `since` up from one, `reset` back to the
    configuration's (none); B/countdown/opening and the status follow."""
    for payload, state in (("2027-06-01T09:00", "to 2027-06-01T09:00"), ("since 2024-03-01", "since 2024-03-01"), ("reset", "none")):
        if send(context, "countdown/opening/set", payload, "countdown/opening", state):
            shown = (context.daemon.status() or {}).get("countdowns", {})
            context.check(f"flipclockctl status --json agrees: opening {state}", shown.get("opening") == (None if state == "none" else state),
                          str(shown))


def refusals(context):
    check, daemon, listener, b = context.check, context.daemon, context.listener, context.base
    cases = (("score/home/set", "1000", "score set home 1000", "out of range"),
             ("score/home/set", "abc", "score set home abc", "malformed"),
             ("score/nosuch/set", "3", "score set nosuch 3", "an unknown score"))
    for name, payload, line, what in cases:
        socket_code = (daemon.request(line) or "ERR ? ?").split()[1]
        log = len(daemon.log())
        mark = listener.mark()
        listener.publish(f"{b}/{name}", payload)
        answer = listener.find(mark, f"{b}/error", seconds=5)
        try:
            error = json.loads(answer.text)
        except (AttributeError, ValueError):
            error = {}
        check(f"{what} (B/{name} {payload!r}): B/error has topic, code {socket_code!r} (the socket's) and the reason, not retained",
              error.get("topic") == f"{b}/{name}" and error.get("code") == socket_code and error.get("error")
              and not answer.retain, "no answer" if answer is None else f"{answer.text} retain={answer.retain}")
        time.sleep(0.2)
        logged = daemon.log()[log:]
        check(f"{what}: logged", error.get("error", "\0") in logged or name in logged, repr(logged[-300:]))
        changed = [m.text for m in listener.since(mark, f"{b}/score/home")]
        check(f"{what}: nothing changed, the daemon still answers", daemon.request("ping") == "OK pong" and not changed
              and (daemon.status() or {}).get("scores", {}).get("home") == 3, f"B/score/home {changed}")

"""What the clock announces when it connects: its status, every state topic (retained), and one
Home Assistant discovery config per entity of docs/mqtt.md's table, each one Home Assistant
would take (discovery.py) and saying what the configuration says."""
import json
import re
from datetime import datetime

import jinja2

import discovery
import frames

ENV = jinja2.Environment(undefined=jinja2.StrictUndefined)


def previews(context):
    """`flipclockd preview`'s pictures of the test's face at rest with home 0 and home 3."""
    d = context.daemon
    return {home: frames.preview(d.binary, d.config_path, context.folder, {"home": home}) for home in (0, 3)}


def expected(scores=("home", "away"), texts=("board",), timers=("egg",)):
    """{(component, object id)} for the configuration: docs/mqtt.md's table."""
    entities = {("number", f"score_{s}") for s in scores} | {("text", f"text_{t}") for t in texts}
    entities |= {("button", f"score_{s}_{a}") for s in scores for a in ("add", "subtract", "reset")}
    entities |= {("notify", "message"), ("number", "message_seconds"), ("light", "screen"),
                 ("sensor", "frames_per_flip"), ("sensor", "flip_lateness"), ("sensor", "started"),
                 ("binary_sensor", "time_synchronised")}
    for t in timers:
        entities |= {("button", f"timer_{t}_{a}") for a in ("start", "pause", "resume", "reset")}
        entities |= {("sensor", f"timer_{t}"), ("sensor", f"timer_{t}_state")}
    return entities


def topic(context, component, object_id):
    return f"{context.prefix}/{component}/{context.node}/{object_id}/config"


def shown(config, payload):
    """What Home Assistant shows for a sensor's state payload: its value_template rendered as HA does."""
    template = config.get("value_template")
    if template is None:
        return payload
    try:
        value_json = json.loads(payload)
    except ValueError:
        value_json = None
    return ENV.from_string(template).render(value=payload, value_json=value_json).strip()


def check(context):
    check, listener, b = context.check, context.listener, context.base
    status = listener.find(0, f"{b}/status", "online", seconds=10)
    check("B/status is online, retained", status is not None and status.retain,
          "no online" if status is None else f"retain={status.retain}")
    states = {f"{b}/score/home": "0", f"{b}/score/away": "5", f"{b}/text/board": "HELLO", f"{b}/message/seconds": "30",
              f"{b}/screen": "ON", f"{b}/screen/brightness": "100", f"{b}/timer/egg": {"seconds": 240, "state": "idle"}}
    for name, value in states.items():
        got = listener.find(0, name, seconds=5)
        text = None if got is None else got.text
        same = text == value if isinstance(value, str) else text is not None and json.loads(text) == value
        check(f"{name} is {json.dumps(value)}, retained", same and got.retain,
              f"got {text!r}" + ("" if got is None else f" retain={got.retain}"))
    diagnostics = listener.find(0, f"{b}/diagnostics", seconds=5)
    keys = set(json.loads(diagnostics.text)) if diagnostics else set()
    check("B/diagnostics has frames_per_flip, flip_lateness_ms and started, retained",
          diagnostics is not None and diagnostics.retain and {"frames_per_flip", "flip_lateness_ms", "started"} <= keys,
          "none" if diagnostics is None else f"{diagnostics.text} retain={diagnostics.retain}")

    wanted = {topic(context, c, o): (c, o) for c, o in expected()}
    configs = {}
    for t in wanted:
        m = listener.find(0, t, seconds=3)
        if m is not None:
            configs[t] = m
    found = {m.topic for m in listener.since(0) if m.topic.startswith(f"{context.prefix}/") and m.topic.endswith("/config")}
    check("the device's entities are the ones the configuration implies", found == set(wanted),
          f"missing {sorted(set(wanted) - found)}, unexpected {sorted(found - set(wanted))}")
    check("every config is retained", all(m.retain for m in configs.values()),
          str([t for t, m in configs.items() if not m.retain]))
    refused = {t: discovery.problems(wanted[t][0], m.payload) for t, m in configs.items()}
    refused = {t: p for t, p in refused.items() if p}
    check("Home Assistant would take every config as it is (required keys, bounds, no unknown key)", not refused,
          "; ".join(f"{t}: {', '.join(p)}" for t, p in refused.items()))
    parsed = {}
    for t, m in configs.items():
        try:
            parsed[wanted[t]] = discovery.expand(json.loads(m.payload))
        except ValueError:
            pass
    entities(context, parsed)
    sensors(context, parsed)


def entities(context, parsed):
    check, b = context.check, context.base
    ids = [c.get("unique_id") for c in parsed.values()]
    check("the node is the machine's (not the host name's): flipclock_ and 12 hex digits",
          re.fullmatch(r"flipclock_[0-9a-f]{12}", context.node) is not None, context.node)
    check("unique_id is NODE_OBJECT, each its own",
          all(c.get("unique_id") == f"{context.node}_{o}" for (_, o), c in parsed.items()) and len(set(ids)) == len(ids),
          str(sorted(str(i) for i in ids)))
    devices = {json.dumps(c.get("device"), sort_keys=True) for c in parsed.values()}
    device = json.loads(devices.pop()) if len(devices) == 1 else {}
    check(f"one device for all, flipclock {context.hostname}, with identifiers",
          not devices and device.get("name") == f"flipclock {context.hostname}" and bool(device.get("identifiers")),
          f"{len(devices) + 1} devices: {device}")
    check("availability_topic B/status and an origin on each",
          all(c.get("availability_topic") == f"{b}/status" and c.get("origin") for c in parsed.values()),
          str({o: (c.get("availability_topic"), c.get("origin")) for (_, o), c in parsed.items()}))

    def has(key, what, **values):
        c = parsed.get(key, {})
        wrong = {k: c.get(k) for k, v in values.items() if c.get(k) != v}
        check(f"{key[0]} {key[1]}: {what}", key in parsed and not wrong, f"got {wrong}" if key in parsed else "no config")

    has(("number", "score_home"), "HOME, 0...99 step 1 box, B/score/home(/set)", name="HOME", min=0, max=99, step=1, mode="box",
        command_topic=f"{b}/score/home/set", state_topic=f"{b}/score/home")
    has(("number", "score_away"), "AWAY, 5...50", name="AWAY", min=5, max=50, step=1, command_topic=f"{b}/score/away/set")
    has(("text", "text_board"), "board, max 8 (its cards)", name="board", max=8, command_topic=f"{b}/text/board/set",
        state_topic=f"{b}/text/board")
    has(("notify", "message"), "B/message/set", command_topic=f"{b}/message/set")
    has(("number", "message_seconds"), "1...86400, config entity", min=1, max=86400, entity_category="config",
        command_topic=f"{b}/message/seconds/set", state_topic=f"{b}/message/seconds")
    light = parsed.get(("light", "screen"), {})
    has(("light", "screen"), "on/off and brightness, brightness_scale 100, a turn-on sends the brightness alone",
        command_topic=f"{b}/screen/set", state_topic=f"{b}/screen", brightness_command_topic=f"{b}/screen/brightness/set",
        brightness_state_topic=f"{b}/screen/brightness", brightness_scale=100, on_command_type="brightness")
    check("light screen: Home Assistant's ON and OFF are the clock's", light.get("payload_on", "ON") == "ON"
          and light.get("payload_off", "OFF") == "OFF", str(light))
    pattern = re.compile(parsed.get(("text", "text_board"), {}).get("pattern", "(?!)"))
    check("text text_board: its pattern takes what the cards show and refuses the rest (as Home Assistant checks it)",
          all(pattern.match(t) for t in ("GATE 12", "Gate 12", "", "(50%) = 1/2?"))
          and not any(pattern.match(t) for t in ("Zürich", "{", "A_B")), pattern.pattern)

    def pressed(c):
        """What Home Assistant publishes on a press: payload_press (PRESS by default) through command_template."""
        payload = c.get("payload_press", "PRESS")
        return ENV.from_string(c["command_template"]).render(value=payload) if "command_template" in c else payload

    for action in ("start", "pause", "resume", "reset"):
        c = parsed.get(("button", f"timer_egg_{action}"), {})
        check(f"button timer_egg_{action}: pressing sends {action!r} to B/timer/egg/set",
              c.get("command_topic") == f"{b}/timer/egg/set" and pressed(c) == action, f"{c.get('command_topic')} {pressed(c)!r}")
    for action, payload in (("add", "+1"), ("subtract", "-1"), ("reset", "reset")):
        c = parsed.get(("button", f"score_home_{action}"), {})
        check(f"button score_home_{action}: pressing sends {payload!r} to B/score/home/set",
              c.get("command_topic") == f"{b}/score/home/set" and pressed(c) == payload, f"{c.get('command_topic')} {pressed(c)!r}")


def sensors(context, parsed):
    """Each sensor's state as Home Assistant would show it, from the retained state it reads."""
    check, listener = context.check, context.listener

    def state(key):
        c = parsed.get(key, {})
        m = listener.find(0, c.get("state_topic", "-"), seconds=3)
        try:
            return c, None if m is None else shown(c, m.text)
        except jinja2.TemplateError as error:
            return c, f"template error: {error}"

    c, value = state(("sensor", "timer_egg"))
    check("sensor timer_egg: a duration in s, 240 while idle",
          c.get("device_class") == "duration" and c.get("unit_of_measurement") == "s" and value == "240", f"{c} shows {value!r}")
    # Home Assistant drops a JSON attribute named `state` without a word: the state is a sensor.
    c, value = state(("sensor", "timer_egg_state"))
    check("sensor timer_egg_state: an enum of idle, running, paused, finished, idle now",
          c.get("device_class") == "enum" and c.get("options") == ["idle", "running", "paused", "finished"] and value == "idle",
          f"{c} shows {value!r}")
    # Nothing has flipped yet (the clock starts at 12:00:00, HH:MM): the figures are null, which
    # renders "None", Home Assistant's PAYLOAD_NONE (components/mqtt/sensor.py): the sensor is
    # unknown. commands.py sees them become numbers once a score has flipped.
    for name, unit in (("frames_per_flip", None), ("flip_lateness", "ms")):
        c, value = state(("sensor", name))
        check(f"sensor {name}: diagnostic{', ms' if unit else ''}, unknown (None) before the first flip",
              c.get("entity_category") == "diagnostic" and value == "None" and (unit is None or c.get("unit_of_measurement") == unit),
              f"{c} shows {value!r}")
    c, value = state(("sensor", "started"))
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        aware = when.tzinfo is not None
    except (AttributeError, ValueError):
        aware = False
    check("sensor started: diagnostic timestamp with its zone", c.get("entity_category") == "diagnostic"
          and c.get("device_class") == "timestamp" and aware, f"{c} shows {value!r}")

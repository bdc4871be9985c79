"""Every entity the clock announces, as Home Assistant has it: in the entity registry under the
unique id the clock's discovery config gives, with the state and attributes docs/mqtt.md's
table says, on one device with the announced name and identifiers.

A clock's entities are found from what it announced (the broker's retained configs whose
availability topic is the clock's `B/status`), not from a node id worked out here, so the
checks hold whatever ids the clock makes."""
import json
import time

from announce import expected  # Tests/System/MQTT: docs/mqtt.md's table, for the test's configuration
from home_assistant import retained  # Tests/System/MQTT

PREFIX = "homeassistant"

# What HA shows for each at the start: (state or None for any, {attribute: value}, registry entity_category).
AT_START = {
    ("number", "score_home"): ("0", {"min": 0, "max": 99, "step": 1, "mode": "box"}, None),
    ("number", "score_away"): ("5", {"min": 5, "max": 50, "step": 1, "mode": "box"}, None),
    ("text", "text_board"): ("HELLO", {"min": 0, "max": 8, "mode": "text"}, None),
    ("notify", "message"): (None, {}, None),
    ("number", "message_seconds"): ("30", {"min": 1, "max": 86400, "step": 1, "unit_of_measurement": "s"}, "config"),
    ("light", "screen"): ("on", {"brightness": 255, "supported_color_modes": ["brightness"]}, None),
    ("sensor", "timer_egg"): ("240", {"unit_of_measurement": "s", "device_class": "duration"}, None),
    ("sensor", "timer_egg_state"): ("idle", {"device_class": "enum", "options": ["idle", "running", "paused", "finished"]}, None),
    ("sensor", "frames_per_flip"): (None, {}, "diagnostic"),
    ("sensor", "flip_lateness"): (None, {"unit_of_measurement": "ms", "device_class": "duration"}, "diagnostic"),
    ("sensor", "started"): (None, {"device_class": "timestamp"}, "diagnostic"),
    # on or off as this machine's kernel says (a test machine may well be unsynchronised).
    ("binary_sensor", "time_synchronised"): (None, {}, "diagnostic"),
    **{("button", f"timer_egg_{a}"): (None, {}, None) for a in ("start", "pause", "resume", "reset")},
    **{("button", f"score_{s}_{a}"): (None, {}, None) for s in ("home", "away") for a in ("add", "subtract", "reset")},
}
# Attributes an older Home Assistant does not show, and the release that shows them: MQTT's
# enum sensor takes `options` since 2024.9 (home-assistant/core#123248); before, the state
# shows without its list.
SINCE = {("sensor", "timer_egg_state", "options"): (2024, 9)}


def at_start(version):
    """AT_START as Home Assistant `version` ((year, month)) shows it: an attribute it does not
    know yet is absent (None)."""
    shown = {}
    for key, (state, attributes, category) in AT_START.items():
        shown[key] = (state, {k: (v if version >= SINCE.get((*key, k), (0, 0)) else None) for k, v in attributes.items()}, category)
    return shown


def announced(context, clock):
    """{(component, object id): config} the broker keeps for `clock` (its availability topic)."""
    return announced_by_clock(context).get(f"{clock.base}/status", {})


def announced_by_clock(context):
    """One reading of the broker's retained configs: {availability topic: {(component, object id): config}}."""
    found = {}
    for topic, payload in retained(context.broker_port, [f"{PREFIX}/+/+/+/config"], name=f"reader-{time.monotonic_ns()}").items():
        try:
            config = json.loads(payload)
        except ValueError:
            continue
        parts = topic.split("/")
        if isinstance(config, dict) and len(parts) == 5:
            found.setdefault(config.get("availability_topic"), {})[(parts[1], parts[3])] = config
    return found


def entity_ids(context, clock, seconds=60):
    """{(component, object id): entity_id} for the clock's announced entities, once the registry
    has every one announced (or at the deadline, those it has)."""
    end = time.monotonic() + seconds
    while True:
        configs = announced(context, clock)
        registry, _ = context.ha.registry()
        by_unique = {e["unique_id"]: e["entity_id"] for e in registry if e.get("platform") == "mqtt"}
        ids = {key: by_unique[c.get("unique_id")] for key, c in configs.items() if c.get("unique_id") in by_unique}
        if (configs and len(ids) == len(configs) and set(configs) >= expected()) or time.monotonic() >= end:
            return ids
        time.sleep(0.5)


def check(context):
    """The first clock's entities and device; False if HA has none of them (the rest would only repeat it)."""
    check, ha, clock = context.check, context.ha, context.clock
    ids = entity_ids(context, clock)
    context.ids = ids
    missing = sorted(expected() - set(ids))
    if not check(f"every entity the clock announces is in Home Assistant ({len(ids)} of {len(expected())})", not missing and ids,
                 f"missing {missing}" if missing else ""):
        if not ids:
            return False
    registry, devices = ha.registry()
    entries = {e["entity_id"]: e for e in registry}
    for key, (state, attributes, category) in sorted(at_start(ha.version()).items()):
        entity_id = ids.get(key)
        if entity_id is None:
            continue
        ok, got = ha.wait(entity_id, lambda s, state=state, attributes=attributes: s is not None and s["state"] != "unavailable"
                          and (state is None or s["state"] == state)
                          and all(s["attributes"].get(k) == v for k, v in attributes.items()), seconds=15)
        shown = None if got is None else {"state": got["state"], **{k: got["attributes"].get(k) for k in attributes}}
        category_seen = entries.get(entity_id, {}).get("entity_category")
        check(f"{key[0]} {key[1]} is {entity_id} with its attributes", ok and category_seen == category,
              f"{shown}, entity_category {category_seen}" + ("" if ok and category_seen == category else
                                                              f"; wanted state {state}, {attributes}, entity_category {category}"))
    started = ha.states().get(ids.get(("sensor", "started"), ""), {}).get("state", "")
    check("the started sensor is a timestamp", len(started) >= 19 and started[4] == "-" and "T" in started, started)
    check_device(context, ids, announced(context, clock), devices, entries)
    return True


def check_device(context, ids, configs, devices, entries):
    """One device in HA with the announced name and identifiers, and every entity on it."""
    device = next(iter(configs.values()), {}).get("device", {})
    wanted = {("mqtt", i) for i in device.get("identifiers", [])}
    found = [d for d in devices if {tuple(i) for i in d.get("identifiers", [])} == wanted]
    name = found[0].get("name") if found else None
    context.check("the device is in Home Assistant with the announced name and identifiers",
                  len(found) == 1 and name == device.get("name") and found[0].get("manufacturer") == device.get("manufacturer"),
                  f"{len(found)} device(s) {sorted(wanted)}, name {name!r} (announced {device.get('name')!r}), "
                  f"sw_version {found[0].get('sw_version') if found else None!r}")
    if found:
        elsewhere = sorted(e for e in ids.values() if entries.get(e, {}).get("device_id") != found[0]["id"])
        context.check(f"all {len(ids)} entities are on that device", not elsewhere, f"not on it: {elsewhere}")
        link = found[0].get("configuration_url")
        context.check("the device links to the clock's control page where the network reaches it", link == context.page,
                      f"{link!r}, wanted {context.page!r}")

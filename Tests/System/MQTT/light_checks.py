"""A light sensor over MQTT: a daemon of its own whose [light] reads a sysfs-shaped IIO folder
(in_illuminance_input, as the kernel's BH1750 or VEML7700 drivers give it). Checked: it announces
the Illuminance and Brightness for the room sensors on its light topic, publishes the lux and the
level the room asks for, and publishes again when the room gets brighter and the level follows,
while the lux alone changing within the hysteresis is not sent."""
import json
import os
import time

from daemon import Daemon
from home_assistant import Listener

BASE = "flipclock/light"


def write_lux(sensor, lux):
    """The driver's reading, replaced whole as a driver's read is."""
    with open(os.path.join(sensor, "in_illuminance_input.new"), "w") as f:
        f.write(f"{lux}\n")
    os.replace(os.path.join(sensor, "in_illuminance_input.new"), os.path.join(sensor, "in_illuminance_input"))


def lux_of(message):
    try:
        return json.loads(message.payload)
    except (ValueError, AttributeError):
        return None


def announced(listener, mark, object_id, seconds=10):
    """The light daemon's discovery config for `object_id`, as a dict, once it is published."""
    end = time.monotonic() + seconds
    while True:
        for m in listener.since(mark):
            if m.topic.endswith(f"/{object_id}/config") and f'"{BASE}/light"'.encode() in m.payload:
                return json.loads(m.payload)
        if time.monotonic() >= end:
            return None
        time.sleep(0.05)


def check(context):
    check = context.check
    folder = os.path.join(context.folder, "light")
    sensor = os.path.join(folder, "iio:device0")
    os.makedirs(sensor, exist_ok=True)
    write_lux(sensor, "5.00")
    daemon = Daemon(context.args.daemon, folder, {
        "host": "127.0.0.1", "port": context.args.plain_port, "client_id": "flipclock-light",
        "base_topic": BASE, "discovery_prefix": context.prefix,
    })
    daemon.write_config(open(daemon.config_path).read() + f'\n[light]\nsensor = "{sensor}"\ninterval_seconds = 0.5\nsmoothing_seconds = 0\n')
    listener = Listener(context.args.plain_port, [f"{context.prefix}/#", f"{BASE}/#"], "flipclock-light-reader")
    try:
        check("the light test's listener subscribes", listener.subscribed.wait(10), "")
        mark = listener.mark()
        check("a daemon with [light] starts", daemon.start(), daemon.failure)
        illuminance, room = announced(listener, mark, "illuminance"), announced(listener, mark, "room_brightness")
        check("[light] announces an illuminance sensor on B/light, in lx",
              illuminance is not None and illuminance.get("state_topic") == f"{BASE}/light"
              and illuminance.get("device_class") == "illuminance" and illuminance.get("unit_of_measurement") == "lx", f"{illuminance}")
        check("and the brightness the room asks for, in %",
              room is not None and room.get("value_template") == "{{ value_json.percent }}", f"{room}")
        first = listener.find(mark, f"{BASE}/light", seconds=10)
        reading = lux_of(first)
        check("B/light carries the sensor's lux and its level", reading is not None and reading.get("lux") == 5 and reading.get("percent"),
              f"{first.payload if first else 'nothing on B/light'}")
        # Within the hysteresis: the level stays, and the lux alone is not news.
        mark = listener.mark()
        write_lux(sensor, "5.05")
        quiet = listener.find(mark, f"{BASE}/light", seconds=3)
        check("a lux within the hysteresis sends nothing", quiet is None, f"{quiet.payload if quiet else ''}")
        write_lux(sensor, "1000")
        brighter = lux_of(listener.find(mark, f"{BASE}/light", seconds=10))
        check("a brighter room is published: its lux and a higher level",
              brighter is not None and brighter.get("lux") == 1000 and brighter.get("percent", 0) > (reading or {}).get("percent", 100),
              f"{brighter} after {reading}")
    finally:
        daemon.stop()
        listener.close()

"""flipclockd's MQTT bridge against a real Home Assistant Core: run by Tests/System/HomeAssistant/run
inside a network namespace with only `lo`, with the venv's python.

In order: the namespace has only loopback; mosquitto (Tests/System/MQTT/broker.py) and Home
Assistant start; onboarding's users step, a long-lived token, the MQTT integration through its
config flow; a flipclockd (clock.py) announces itself and every entity is in HA with its
attributes and device (entities.py); scores, text, the screen, a message and the timer from HA
and from the clock (control.py); kill -9 and back, HA restarted, and two clocks with the same
host name (lifecycle.py), both in a group (groups.py). Prints `ha: NAME ok|FAILED (detail)` a check, then `N passed, M failed`."""
import argparse
import errno
import getpass
import os
import socket
import sys
import time
import traceback

import control
import entities
import groups
import lifecycle
from broker import Broker  # Tests/System/MQTT (on PYTHONPATH: run)
from clock import Clock
from hass import Failed, HomeAssistant
from report import Report, free_ports  # Tests/System/Harness (on PYTHONPATH: run)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


# The address of the network namespace's one interface besides lo (run: one end of a veth pair
# whose other end is there too), where the first clock's control page is for HA's device link.
PAGE_ADDRESS = "10.77.0.1"


class Context:
    """What every part shares: the report, the broker, Home Assistant, the first clock."""

    def __init__(self, args, report):
        self.args, self.report, self.check, self.folder = args, report, report.check, args.folder
        self.broker_port, ha_port, page_port = free_ports(3)
        self.page = f"http://{PAGE_ADDRESS}:{page_port}/"  # the first clock's control page, as its device links to it
        self.broker = Broker(os.path.join(self.folder, "broker"), self.broker_port)
        self.ha = HomeAssistant(args.hass_python, os.path.join(self.folder, "home-assistant"), ha_port)
        self.clock = self.new_clock("first", "flipclock/first", http=page_port)
        self.others = []

    def new_clock(self, name, base, http=None):
        return Clock(self.args.daemon, os.path.join(self.folder, name), self.broker_port, base, f"flipclock-{name}", http)


def only_loopback():
    """(True, what shows it) when this process's network has only lo and the veth pair (run),
    and a packet for elsewhere cannot leave."""
    with open("/proc/self/net/dev") as f:  # this network namespace's (sysfs shows the mounter's)
        interfaces = sorted(line.split(":")[0].strip() for line in f.readlines()[2:])
    try:
        socket.create_connection(("192.0.2.1", 80), timeout=2).close()
        reached = "192.0.2.1:80 connected"
    except OSError as error:
        reached = f"192.0.2.1:80 {os.strerror(error.errno) if error.errno else error}"
        unreachable = error.errno == errno.ENETUNREACH
    else:
        unreachable = False
    return interfaces == ["flipclock0", "flipclock1", "lo"] and unreachable, f"interfaces {interfaces}; {reached}"


def start_broker(context):
    folder = context.broker.folder
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "mosquitto.conf"), "w") as f:
        f.write(f"user {getpass.getuser()}\npersistence false\nlog_dest file {folder}/mosquitto.log\nlog_type all\n"
                f"listener {context.broker_port} 127.0.0.1\nallow_anonymous true\n")
    return context.broker.start()


def set_up(context):
    """The broker, Home Assistant onboarded with MQTT, and the first clock; False if any is missing."""
    check, ha = context.check, context.ha
    ok, seen = only_loopback()
    check("only loopback: Home Assistant, mosquitto and the clocks run in a network namespace with only lo and a veth pair of its own (unshare -n)",
          ok, seen)
    if not start_broker(context):
        check("mosquitto starts on loopback", False, context.broker.log()[-1000:])
        return False
    try:
        took = ha.start()
        check("Home Assistant starts and GET /api/onboarding answers 200", True, f"{took:.1f} s")
        ha.onboard()
        check("onboarding: the users step, a token, a long-lived token over the WebSocket API", True)
        status, answer = ha.request("GET", "/api/")
        check("GET /api/ answers 200 with the token", status == 200, f"{status} {answer}")
        entry = ha.add_mqtt(context.broker_port)
        check("the MQTT integration through its config flow, pointed at the broker", True, entry.get("title", ""))
    except Failed as error:
        check("Home Assistant is set up", False, str(error))
        return False
    started = context.clock.start()
    return check("flipclockd starts and answers on its control socket", started, "" if started else context.clock.log()[-1500:])


def check_log(context):
    """Over both starts: Home Assistant found every requirement in the venv (no pip install at
    all), and its MQTT integration took every announcement without a warning."""
    log = context.ha.log().splitlines()
    lines = [line for line in log if "Attempting install of" in line or "Unable to install package" in line]
    context.check("Home Assistant installed nothing at start (every requirement in the venv)", not lines, "; ".join(lines[:3])[:600])
    lines = [line for line in log if "[homeassistant.components.mqtt" in line and (" WARNING " in line or " ERROR " in line)]
    context.check("Home Assistant's MQTT integration logged no warning or error", not lines, "; ".join(lines[:3])[:600])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", required=True)
    parser.add_argument("--daemon", default=os.path.join(ROOT, ".build", "debug", "flipclockd"))
    parser.add_argument("--hass-python", default=sys.executable, help="the python of the venv Home Assistant runs in")
    args = parser.parse_args()
    report, started = Report("ha"), time.monotonic()
    context = Context(args, report)
    try:
        if set_up(context):
            if entities.check(context):
                control.check(context)
            lifecycle.check(context)
            groups.check(context)
            check_log(context)
    except Exception:  # a check that breaks is a failure, reported like the others, and the rest is stopped
        report.check("the test runs to its end", False, traceback.format_exc())
    finally:
        for clock in [context.clock, *context.others]:
            clock.stop()
        context.ha.stop()
        context.broker.stop()
        print(f"ha: {time.monotonic() - started:.0f} s", flush=True)
    return report


if __name__ == "__main__":
    result = main()
    print(result.summary())
    sys.exit(0 if result.failed == 0 else 1)

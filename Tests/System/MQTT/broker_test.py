"""The MQTT bridge of a real flipclockd against a real mosquitto, with a stand-in for Home
Assistant; run by Tests/System/MQTT/run, which makes the broker's folder, certificates and ports.

In order: what the clock announces (announce.py), commands and refusals (commands.py), the
broker restarted, Home Assistant restarted, a reload that drops a score, the clock restarted
(connection.py), commands fuzzed (fuzz.py), a retained command and a burst of 2,001 (flood.py), a broker's 60 MB packet
(oversize.py), the last will on SIGKILL (connection.py), and TLS
with a good and a wrong password, with a client certificate and without one (four more daemons,
started at the beginning: tls.py), a fleet of 20 daemons in groups (fleet.py), and a light
sensor's readings (light_checks.py). Prints `mqtt:
NAME ok|FAILED (why)` a check, then `N passed, M failed`."""
import argparse
import os
import re
import socket
import sys
import time
import traceback

import announce
import commands
import connection
import fleet
import flood
import fuzz
import light_checks
import oversize
import tls
from broker import Broker
from daemon import Daemon
from home_assistant import Listener
from report import Report  # Tests/System/Harness (on PYTHONPATH: run)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BASE = "flipclock/test"


class Context:
    """What every part of the test shares: the report, the broker, the stand-in, the clock."""

    def __init__(self, args, report):
        self.args, self.report, self.check = args, report, report.check
        self.folder, self.base, self.prefix = args.folder, BASE, "homeassistant"
        host = socket.gethostname().lower()
        self.hostname = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in host)
        self.broker = Broker(args.folder, args.plain_port)
        self.listener, self.broker_restarted = None, None
        self.daemon = Daemon(args.daemon, os.path.join(args.folder, "clock"), {
            "host": "127.0.0.1", "port": args.plain_port, "client_id": "flipclock-test",
            "base_topic": BASE, "discovery_prefix": self.prefix, "keepalive_seconds": 10,
        })

    @property
    def node(self):
        """The node the clock announces under: its machine's, as it logs when it connects
        (docs/mqtt.md; MachineNodeTests checks it against systemd-id128)."""
        found = re.findall(r"node=(flipclock_[0-9a-z_-]+)", self.daemon.log())
        return found[-1] if found else f"flipclock_{self.hostname}"

    def listen(self):
        """A new stand-in on the broker, subscribed before this returns."""
        if self.listener is not None:
            self.listener.close()
        self.listener = Listener(self.args.plain_port, [f"{self.prefix}/#", "flipclock/#"],
                                 "home-assistant-stand-in")
        return self.listener.subscribed.wait(10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", required=True)
    parser.add_argument("--plain-port", type=int, required=True)
    parser.add_argument("--tls-port", type=int, required=True)
    parser.add_argument("--certificate-port", type=int, required=True)
    parser.add_argument("--daemon", default=os.path.join(ROOT, ".build", "debug", "flipclockd"))
    parser.add_argument("--fuzz-seconds", type=float, default=20)
    args = parser.parse_args()
    report, started = Report("mqtt", ok_details=False), time.monotonic()
    context = Context(args, report)
    others = []
    try:
        if not report.check("mosquitto starts with both listeners", context.broker.start(), context.broker.log()[-2000:]):
            return report
        report.check("the stand-in subscribes", context.listen())
        others = tls.start(context)
        try:
            pictures = announce.previews(context)
        except RuntimeError as error:
            report.check("flipclockd preview draws the test's face", False, str(error))
            return report
        if not report.check("flipclockd starts and answers ping", context.daemon.start(), context.daemon.log()[-2000:]):
            return report
        announce.check(context)
        commands.check(context, pictures)
        connection.check_broker_restart(context)
        connection.check_home_assistant_start(context)
        connection.check_reload(context)
        connection.check_daemon_restart(context)
        fuzz.check(context)
        flood.check_retained_command(context)
        flood.check_flood(context)
        oversize.check(context)
        connection.check_last_will(context)
        tls.check(context, others)
        fleet.check(context)
        light_checks.check(context)
    except Exception:  # a check that breaks is a failure, reported like the others, and the rest is stopped
        report.check("the test runs to its end", False, traceback.format_exc())
    finally:
        for daemon in [context.daemon, *others]:
            daemon.stop()
        if context.listener is not None:
            context.listener.close()
        context.broker.stop()
        print(f"mqtt: {time.monotonic() - started:.0f} s", flush=True)
    return report


if __name__ == "__main__":
    result = main()
    print(result.summary())
    sys.exit(0 if result.failed == 0 else 1)

"""TLS and a password: two more daemons on the broker's TLS listener, verifying it against the
test CA, user "clock"; one with the right password (it connects and says it is online), one
with a wrong one (refused: one clear line in its standard error, and its clock keeps running).
Then a client certificate: on the listener that requires one, a daemon with its certificate
and key (cert_file, key_file) connects; one without is refused in the TLS handshake.
Neither announces anything (discovery_prefix ""), so they leave the first clock's entities alone."""
import os
import re
import time
from collections import Counter
from datetime import datetime

from daemon import Daemon
from home_assistant import retained


def start(context):
    """Starts both at the test's beginning, so their backoff runs while the rest is checked."""
    daemons = []
    f = context.folder
    accounts = {"username": "clock", "port": context.args.tls_port}
    certificate = {"port": context.args.certificate_port, "cert_file": os.path.join(f, "clock.pem"), "key_file": os.path.join(f, "clock.key")}
    for name, way in (("good", dict(accounts, password_file=os.path.join(f, "mqtt-password"))),
                      ("wrong", dict(accounts, password_file=os.path.join(f, "wrong-password"))),
                      ("cert", certificate), ("nocert", {"port": context.args.certificate_port})):
        daemon = Daemon(context.args.daemon, os.path.join(f, f"tls-{name}"), dict({
            "host": "127.0.0.1", "client_id": f"flipclock-{name}", "base_topic": f"flipclock/{name}", "discovery_prefix": "",
            "ca_file": os.path.join(f, "ca.pem"),
        }, **way))
        daemon.started = daemon.start()
        daemons.append(daemon)
    return daemons


def refused_before(daemon, moment):
    """The clock's MQTT warnings (`TIME warning flipclockd: [FlipClockMQTT] mqtt: HOST:PORT: REASON`)
    logged in the seconds before `moment`."""
    lines = []
    for line in daemon.log().splitlines():
        try:
            when = datetime.strptime(line[:24], "%Y-%m-%dT%H:%M:%S%z")
        except ValueError:
            continue
        if " warning " in line and "mqtt: " in line and when < moment.replace(microsecond=0):
            lines.append(line)
    return lines


def check(context, daemons):
    check, listener = context.check, context.listener
    good, wrong, cert, nocert = daemons
    kept = retained(context.args.plain_port, [f"flipclock/{n}/status" for n in ("good", "wrong", "cert", "nocert")])
    check("TLS with the right password: connected, flipclock/good/status online (retained)",
          good.started and kept.get("flipclock/good/status") == b"online", f"{kept} {good.log()[-1500:]}")
    refused = [line for line in wrong.log().splitlines()
               if "mqtt" in line and re.search(r"not authori[sz]ed|bad user ?name or password", line, re.I)]
    check("TLS with a wrong password: refused, with a clear line in its standard error", len(refused) >= 1,
          wrong.log()[-1500:])
    # Until the broker restarted (a new reason then) the refused clock tried some five times.
    reasons = Counter(line.split(": ", 3)[-1] for line in refused_before(wrong, context.broker_restarted))
    check("until the broker restarted, each reason was logged once, however often it tried again",
          reasons and all(count == 1 for count in reasons.values()), "; ".join(f"{n}× {r}" for r, n in reasons.items()))
    never = [m.text for m in listener.since(0, "flipclock/wrong/status")]
    check("the refused clock never said it was online", "online" not in never and "flipclock/wrong/status" not in kept,
          f"{never} {kept}")
    first = (wrong.status() or {}).get("time")
    time.sleep(1.2)
    later = (wrong.status() or {}).get("time")
    check(f"the refused clock keeps running: its time goes on ({first} → {later}), it answers ping",
          wrong.alive() and wrong.request("ping") == "OK pong" and first and later and later != first, "")
    check("a client certificate (cert_file, key_file): connected, flipclock/cert/status online (retained)",
          cert.started and kept.get("flipclock/cert/status") == b"online", f"{kept} {cert.log()[-1500:]}")
    # Before the broker restarted (its restart is a new reason: connection refused).
    handshake = refused_before(nocert, context.broker_restarted)
    check("without a client certificate: refused, one line naming mqtt.cert_file, never online, the clock runs",
          len(handshake) == 1 and "mqtt.cert_file" in handshake[0] and "flipclock/nocert/status" not in kept
          and nocert.request("ping") == "OK pong",
          " | ".join(handshake[:3]) or nocert.log()[-800:])

#!/usr/bin/env python3
"""The match record after kill -9: a real flipclockd (the debug build) with [game], [http] and a
token; changes from the control socket (its uid), the HTTP API with the token (its fingerprint)
as the control page (X-Flipclock-Client) and over MQTT (when mosquitto is installed: a broker
of its own on loopback); the daemon SIGKILLed while a client sends changes
as fast as they are acknowledged, started again, and the record read back three ways: GET
/v1/game/record as JSON, as CSV (parsed with Python's csv module) and `flipclockctl game record`
(JSON and --csv). Every acknowledged change must be there, in order, with its source; at most
the one change in flight at the kill more. Then `game new` starts match 2, match 1 still read.
Loopback only; bounded.

    Tests/System/Record/record_test.py [--binary .build/debug/flipclockd] [--kills 3]
"""
import argparse
import csv
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from signal import SIGKILL

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Harness"))
from flipclockd import Flipclockd, own_tables  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOKEN = "0123456789abcdef0123456789abcdef"
# What a start records when the saved scores are ahead of the record (a change in flight at a kill).
RESTART = "scores at the start differ from the record's last; as saved"

CONFIG = """\
[[score]]
name = "home"

[[score]]
name = "away"

[[row]]
show = ["home", "game", "away"]

[game]
period = "10:00"

{tables}
[http]
listen = "127.0.0.1:{port}"
token_file = "{folder}/http-token"
"""

# With mosquitto (Debian's), a broker of the test's own on loopback, and the daemon's [mqtt].
MQTT = """
[mqtt]
host = "127.0.0.1"
port = {mqtt_port}
base_topic = "flipclock/record"
discovery_prefix = ""
"""


def fnv_fingerprint(token):
    """The token's fingerprint as the daemon writes it: the first 8 hex digits of its 64-bit FNV-1a hash."""
    h = 0xCBF29CE484222325
    for b in token.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h >> 32:08x}"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Check:
    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"record: FAIL {what}", flush=True)
        return ok


def until(what, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if what():
            return True
        time.sleep(0.05)
    return what()


def http(port, method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Authorization", f"Bearer {TOKEN}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.headers.get("Content-Type"), answer.read().decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "flipclockd"))
    parser.add_argument("--kills", type=int, default=3)
    args = parser.parse_args()
    ctl = os.path.join(os.path.dirname(args.binary), "flipclockctl")
    check = Check()
    uid = f"uid {os.getuid()}"
    http_source = f"http 127.0.0.1 token {fnv_fingerprint(TOKEN)}"
    with tempfile.TemporaryDirectory(prefix="flipclock-record-") as folder:
        port = free_port()
        with open(os.path.join(folder, "http-token"), "w") as f:
            f.write(TOKEN + "\n")
        broker = None
        config = CONFIG.format(folder=folder, port=port, tables=own_tables(folder, "320x240"))
        if shutil.which("mosquitto") and shutil.which("mosquitto_pub"):
            mqtt_port = free_port()
            with open(os.path.join(folder, "mosquitto.conf"), "w") as f:
                f.write(f"listener {mqtt_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
            broker = subprocess.Popen(["mosquitto", "-c", os.path.join(folder, "mosquitto.conf")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            config += MQTT.format(mqtt_port=mqtt_port)
        else:
            print("record: mosquitto is not installed: no MQTT change", flush=True)
        daemon = Flipclockd(args.binary, config, folder, environment={"JOURNAL_STREAM": "0:0", "TZ": "UTC"})
        expected = []  # (change, source) of every acknowledged change, in order

        def socket_change(line):
            reply = daemon.request(line)
            if reply and reply.startswith("OK"):
                expected.append((line_form(line), uid))
            return reply

        try:
            daemon.start()
            check(socket_change("score add home 1") == "OK home=1 away=0", "a socket change")
            check(socket_change("game start").startswith("OK period=1 play"), "game start")
            http(port, "POST", "/v1/scores/add", {"scores": {"away": 2}})
            expected.append(("score add away=2", http_source))
            http(port, "POST", "/v1/game", {"do": "stop"}, {"X-Flipclock-Client": "tab-42"})
            expected.append(("game stop", "page tab-42 127.0.0.1"))
            check(socket_change("game undo").startswith("OK"), "game undo")
            if broker:
                check(daemon.wait_for("mqtt: connected", 10), "the daemon reaches the broker")
                time.sleep(0.5)  # its command topics subscribed
                home = json.loads(http(port, "GET", "/v1/state")[1])["scores"]["home"]
                subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(mqtt_port), "-t", "flipclock/record/score/home/set", "-m", "+1"],
                               check=True, timeout=10)
                if check(until(lambda: json.loads(http(port, "GET", "/v1/state")[1])["scores"]["home"] == home + 1, 5), "an MQTT change"):
                    expected.append(("score add home=1", "mqtt"))
            check(socket_change("timer start nothing") is not None, "a refused request")  # refused: not recorded
            # Changes as fast as they are acknowledged, the daemon killed among them.
            for kill in range(args.kills):
                stop = threading.Event()

                def hammer(stop=stop):
                    while not stop.is_set():
                        reply = daemon.request("score add home 1", timeout=2)
                        if reply is None or not reply.startswith("OK"):
                            return
                        expected.append(("score add home=1", uid))

                thread = threading.Thread(target=hammer)
                thread.start()
                time.sleep(0.3 + 0.2 * kill)
                daemon.stop(SIGKILL)
                stop.set()
                thread.join(10)
                daemon.start()
            # Read back three ways.
            kind, text = http(port, "GET", "/v1/game/record")
            check(kind == "application/json", f"JSON content type {kind}")
            record = json.loads(text)
            entries = [(e["change"], e["source"]) for e in record["entries"]]
            check(record["match"] == 1 and record["truncated"] is None, f"match 1, not truncated: {record['match']}")
            extra = unmatched(expected, entries)
            check(extra is not None,
                  f"every acknowledged change in order with its source ({len(expected)} acknowledged, {len(entries)} recorded)")
            in_flight = [e for e in (extra or []) if e == ("score add home=1", uid)]
            restarts = [e for e in (extra or []) if e == (RESTART, "clock")]
            check(extra is not None and len(in_flight) + len(restarts) == len(extra) and len(in_flight) + len(restarts) <= args.kills,
                  f"besides them at most one a kill: the change in flight, or the scores as saved at the next start: {extra}")
            check([e["seq"] for e in record["entries"]] == list(range(1, len(entries) + 1)), "sequence numbers 1…N")
            check(all(e["period"] == 1 and "clock" in e and "at_ms" in e for e in record["entries"]), "each entry has its clock and period")
            check(record["entries"][-1]["scores"]["home"] == json.loads(http(port, "GET", "/v1/state")[1])["scores"]["home"],
                  "the last entry's scores are the board's")
            kind, text = http(port, "GET", "/v1/game/record?format=csv")
            rows = list(csv.reader(io.StringIO(text, newline="")))
            check(kind.startswith("text/csv"), f"CSV content type {kind}")
            check(rows[0] == ["seq", "at", "clock", "clock_ms", "period", "source", "change", "scores"], f"CSV header {rows[0]}")
            check([(r[6], r[5]) for r in rows[1:]] == entries, "CSV rows are the JSON's entries")
            _, text = http(port, "GET", "/v1/game/record", headers={"Accept": "text/csv"})
            check(text == "".join(io.StringIO(http(port, "GET", "/v1/game/record?format=csv")[1], newline="").readlines()), "Accept: text/csv")
            socket_path = os.path.join(folder, "control.sock")
            out = subprocess.run([ctl, "game", "record", "--socket", socket_path], capture_output=True, text=True, timeout=30)
            check(out.returncode == 0 and [(e["change"], e["source"]) for e in json.loads(out.stdout)["entries"]] == entries,
                  f"flipclockctl game record: {out.returncode} {out.stderr.strip()}")
            out = subprocess.run([ctl, "game", "record", "--csv", "--socket", socket_path], capture_output=True, text=True, timeout=30)
            ctl_rows = list(csv.reader(io.StringIO(out.stdout, newline="")))
            check(out.returncode == 0 and ctl_rows == rows, f"flipclockctl game record --csv: {out.returncode} {out.stderr.strip()}")
            # A new match: a new record; the first still read.
            check(daemon.request("game new").startswith("OK"), "game new")
            record2 = json.loads(http(port, "GET", "/v1/game/record")[1])
            check(record2["match"] == 2 and [e["change"] for e in record2["entries"]] == ["game new"], f"match 2: {record2['match']}")
            check(json.loads(http(port, "GET", "/v1/game/records")[1])["matches"] == [1, 2], "records 1 and 2 kept")
            check(len(json.loads(http(port, "GET", "/v1/game/record?match=1")[1])["entries"]) == len(entries), "match 1 read again")
            print(f"record: {len(expected)} acknowledged changes over {args.kills} kills, {len(entries)} recorded", flush=True)
        finally:
            daemon.close()
            if broker:
                broker.terminate()
                broker.wait(10)
    print(f"{check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


def unmatched(expected, entries):
    """The entries left over when `expected` is found in `entries` in order (None if it is not)."""
    extra, k = [], 0
    for entry in entries:
        if k < len(expected) and entry == expected[k]:
            k += 1
        else:
            extra.append(entry)
    return extra if k == len(expected) else None


def line_form(line):
    """A request as the record writes it: `score add home 1` → `score add home=1`."""
    words = line.split()
    if words[:1] == ["score"] and len(words) == 4:
        return f"score {words[1]} {words[2]}={words[3]}"
    return line


if __name__ == "__main__":
    sys.exit(main())

"""A real flipclockd under test: its configuration (scores, a text row, a timer, PNG frames and
the control socket in a folder of its own, and an [mqtt] table), the process (started and
stopped by Tests/System/Harness/flipclockd.py), its control socket, its log and its resident memory."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Harness"))
from flipclockd import DaemonFailed, Flipclockd, own_tables  # noqa: E402

START = "12:00:00"  # the daemon's clock starts here, HH:MM: nothing flips before 12:01
WIDTH, HEIGHT = 480, 270


def configuration(folder, mqtt, scores=("home", "away"), http=None):
    """The TOML text: home 0...99 and away 5...50 (those `scores` names), the text row board
    (8 cards), the timer egg, the countdown opening (in no row), `mqtt` (a dict) as the [mqtt] table, and with `http` (a port) the
    HTTP API on every address at that port with a token file."""
    score_tables = {
        "home": '[[score]]\nname = "home"\nlabel = "HOME"\ndigits = 2\nmin = 0\nmax = 99\n',
        "away": '[[score]]\nname = "away"\nlabel = "AWAY"\ndigits = 2\nmin = 5\nmax = 50\n',
    }
    mqtt_lines = "".join(f"{key} = {json.dumps(value)}\n" for key, value in mqtt.items())
    return f"""[clock]
format = "HH:MM"
# Compared with `flipclockd preview`, which knows nothing of the time's synchronisation:
# no mark while the machine's kernel says it is not synchronised.
unsynced = "show"

{"".join(score_tables[name] for name in scores)}
[[timer]]
name = "egg"
label = "EGG"
duration = "4m"

[[text]]
name = "board"
cards = 8
text = "HELLO"

[[countdown]]
name = "opening"

[[row]]
show = ["time"]
[[row]]
show = {json.dumps([*scores, "egg"])}
[[row]]
show = ["board"]

{own_tables(folder, f"{WIDTH}x{HEIGHT}")}
[mqtt]
{mqtt_lines}{http_table(folder, http)}"""


def http_table(folder, port):
    """`[http]` on 0.0.0.0:`port` with a token written in `folder`; "" without a port."""
    if port is None:
        return ""
    with open(os.path.join(folder, "http-token"), "w") as f:
        f.write("flipclock-test-token-0123456789\n")
    return f'\n[http]\nlisten = "0.0.0.0:{port}"\ntoken_file = "{folder}/http-token"\n'


class Daemon(Flipclockd):
    """flipclockd on PNG frames with the configuration above, started by the harness (ready at READY=1)."""

    def __init__(self, binary, folder, mqtt, scores=("home", "away"), http=None):
        os.makedirs(os.path.join(folder, "frames"), exist_ok=True)
        self.mqtt, self.http = mqtt, http
        super().__init__(binary, configuration(folder, mqtt, scores, http), folder, arguments=["--output", "png"], environment={"TZ": "UTC"})
        self.frame = os.path.join(folder, "frames", "current.png")
        self.failure = ""

    def configure(self, mqtt, scores=("home", "away")):
        """Writes the configuration again with this [mqtt] table and these scores (read at SIGHUP)."""
        self.mqtt = mqtt
        self.write_config(configuration(self.folder, mqtt, scores, self.http))

    def start(self, start=START):
        """True once it is ready (READY=1); False, with `failure` saying why, if it is not."""
        try:
            super().start(environment={"FLIPCLOCK_START": start})
            self.failure = ""
            return True
        except DaemonFailed as failure:
            self.failure = str(failure)
            return False


    def status(self):
        """`flipclockctl status --json`, the tool users run, as a dict (None if it failed)."""
        tool = os.path.join(os.path.dirname(self.binary), "flipclockctl")
        result = subprocess.run([tool, "status", "--json", "--socket", os.path.join(self.folder, "control.sock")],
                                capture_output=True, text=True, timeout=10)
        try:
            return json.loads(result.stdout)
        except ValueError:
            return None

    def resident_kib(self):
        """VmRSS from /proc, in KiB."""
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

"""The real flipclockds under test, started in ONE place: Tests/System/MQTT/daemon.py's Daemon
(its configuration: scores home 0...99 and away 5...50, the text row board, the timer egg, PNG
frames, the control socket) with an [mqtt] table for the broker. When the shared Python
harness lands, only this file changes."""
import os
import signal
import subprocess

from daemon import Daemon  # Tests/System/MQTT (on PYTHONPATH: run)


class Clock:
    """One flipclockd on the broker at `port` under `base` (its own client id), in `folder`;
    with `http` (a port) its HTTP API on every address there."""

    def __init__(self, binary, folder, port, base, client_id, http=None):
        self.base, self.http = base, http
        self.ctl_binary = os.path.join(os.path.dirname(binary), "flipclockctl")
        self.socket = os.path.join(folder, "control.sock")
        self.daemon = Daemon(binary, folder, {"host": "127.0.0.1", "port": port, "client_id": client_id, "base_topic": base,
                                              "discovery_prefix": "homeassistant", "keepalive_seconds": 10}, http=http)

    def start(self):
        """Started and answering on its control socket (within 20 s); False if not."""
        return self.daemon.start()

    def stop(self):
        """SIGTERM by its PID (SIGKILL after 10 s); nothing if it has ended."""
        self.daemon.stop()

    def kill(self):
        """SIGKILL by its PID, and waited for: the broker sends its last will."""
        self.daemon.signal(signal.SIGKILL)
        self.daemon.process.wait(10)

    def status(self):
        """`flipclockctl status --json`, as a dict (None if it failed)."""
        return self.daemon.status()

    def ctl(self, *words):
        """`flipclockctl WORDS --socket …`: (exit status, what it printed)."""
        result = subprocess.run([self.ctl_binary, *words, "--socket", self.socket], capture_output=True, text=True, timeout=10)
        return result.returncode, (result.stdout + result.stderr).strip()

    def log(self):
        return self.daemon.log()

"""The broker the test runs: Debian's mosquitto with the configuration Tests/System/MQTT/run wrote,
started, stopped with SIGTERM (it saves its retained messages to its persistence file then)
and started again on the same ports."""
import os
import signal
import socket
import subprocess
import time


class Broker:
    def __init__(self, folder, port):
        self.folder, self.port, self.process = folder, port, None

    def start(self, seconds=10):
        """Starts mosquitto and waits until its plain listener answers; False if it does not."""
        log = open(os.path.join(self.folder, "mosquitto.stderr"), "ab")
        self.process = subprocess.Popen(["mosquitto", "-c", os.path.join(self.folder, "mosquitto.conf")],
                                        stdout=log, stderr=log)
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.process.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self):
        """SIGTERM, as systemd stops it (SIGKILL after 10 s); its retained messages are saved."""
        terminate(self.process)

    def log(self):
        try:
            with open(os.path.join(self.folder, "mosquitto.log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""


def terminate(process):
    """SIGTERM, as systemd stops a service, then SIGKILL after 10 s; nothing if it has ended."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()

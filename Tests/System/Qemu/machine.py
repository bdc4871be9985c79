"""A qemu guest as the tests see it: its serial console written to a file, its monitor on a
unix socket for screendumps, and a bounded wait for it to end."""
import os
import re
import socket
import subprocess
import time


class Machine:
    """Starts `qemu` (`qemu-system-x86_64`, or `qemu-system-aarch64` for an arm64 guest) with
    `arguments` plus a serial console logged to OUT/NAME-serial.log and a monitor at
    OUT/NAME-monitor.sock. The console is the machine's first serial port, or its second
    when `second_serial` (the Raspberry Pi's mini UART: its first is the PL011)."""

    def __init__(self, name, out, arguments, qemu="qemu-system-x86_64", second_serial=False):
        self.log_path = os.path.join(out, f"{name}-serial.log")
        self.monitor_path = os.path.join(out, f"{name}-monitor.sock")
        for p in (self.log_path, self.monitor_path):
            if os.path.exists(p):
                os.remove(p)
        command = [
            qemu, *(["-serial", "null"] if second_serial else []), "-serial", f"file:{self.log_path}", "-display", "none",
            "-monitor", f"unix:{self.monitor_path},server,nowait", *arguments,
        ]
        self.started = time.monotonic()
        self.qemu = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def log(self):
        try:
            return open(self.log_path, errors="replace").read()
        except FileNotFoundError:
            return ""

    def wait_for(self, pattern, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = re.search(pattern, self.log())
            if m:
                return m
            if self.qemu.poll() is not None:
                break
            time.sleep(0.1)
        state = "exited" if self.qemu.poll() is not None else "running"
        raise RuntimeError(f"no '{pattern}' on the guest's console within {timeout} s (qemu {state})")

    @staticmethod
    def connect(path):
        """A connection to qemu's Unix socket at `path`, once qemu has made it (up to 5 s)."""
        for _ in range(50):
            if os.path.exists(path):
                break
            time.sleep(0.1)
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
        s.settimeout(10)
        return s

    def monitor(self, command):
        """Runs a human monitor command and returns its answer."""
        s = self.connect(self.monitor_path)
        reply = b""
        while b"(qemu)" not in reply:
            reply += s.recv(4096)
        s.sendall(command.encode() + b"\n")
        reply = b""
        while reply.count(b"(qemu)") < 1:
            reply += s.recv(4096)
        s.close()
        return reply.decode(errors="replace")

    def screendump(self, path, head=None):
        """The picture of the display (of head `head` of the device `gpu`, when given)."""
        if os.path.exists(path):
            os.remove(path)
        self.monitor(f"screendump {path}" + ("" if head is None else f" gpu {head}"))
        # qemu may still be writing when the monitor answers (a busy emulated machine): the
        # picture is taken once its size has held for 0.2 s.
        last = -1
        for _ in range(200):
            size = os.path.getsize(path) if os.path.exists(path) else 0
            if size > 0 and size == last:
                return path
            last = size
            time.sleep(0.2)
        raise RuntimeError("screendump wrote nothing, or never finished")

    def stop(self, timeout=30):
        """Waits up to `timeout` s for the guest to power off, then ends qemu."""
        try:
            self.qemu.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.qemu.kill()
            self.qemu.wait()

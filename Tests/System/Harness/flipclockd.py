"""A real flipclockd under test, started as systemd starts the service: its configuration written
into a folder of its own, `NOTIFY_SOCKET` set to a datagram socket bound here, and the daemon
ready when it says `READY=1` (after its first frame and, with `[http]`, once the API listens:
the daemon holds READY=1 for it). Nothing here sleeps to wait: one thread per run reads the daemon's output (both
streams, into `flipclockd.log` in the folder), its notifications and its exit (a pidfd) as they
come, and whoever waits is woken by them, within a bound.

    daemon = Flipclockd(binary, lambda folder: CONFIG.format(folder=folder))
    daemon.start()                 # DaemonFailed, naming the log's tail, if it never got ready
    ...
    status = daemon.stop()         # SIGTERM, SIGKILL after a bound; the exit status

Used by every Python test that starts the daemon (Tests/System/API, Tests/System/Browser, Tests/System/MQTT,
Tests/System/Sound, scripts/load); the qemu tests start it under their own init or systemd.
"""

import os
import selectors
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from signal import SIGTERM

LOG_TAIL = 3000  # characters of the log a failure quotes
LINE_LIMIT = 1 << 16  # a longer line is matched in pieces of this size
NOTIFICATION_LIMIT = 1000  # the newest notifications kept (systemd keeps none)


def own_tables(folder, size):
    """The tables that keep a test's daemon to its folder: PNG frames of `size` ("160x64") in
    FOLDER/frames, its own control socket (no group), its own state file."""
    return f"""[output]
kind = "png"
size = "{size}"
directory = "{folder}/frames"

[control]
socket = "{folder}/control.sock"
group = ""

[state]
file = "{folder}/state.json"
"""


class DaemonFailed(Exception):
    """The daemon exited or stayed silent where it should have been ready; says which, with the log's tail."""


class Flipclockd:
    """One flipclockd, started and stopped as often as a test needs, in one folder, one log."""

    def __init__(self, binary, config, folder=None, arguments=(), environment=None, prefix=()):
        """`config` is the TOML text, or a function of the folder that returns it. `folder` is
        made (and removed by `close`) when not given. `arguments` follow `--config PATH`;
        `environment` is added to this process's; `prefix` runs before the binary (`chrt …`)."""
        self.binary = binary
        self.owns_folder = folder is None
        self.folder = folder or tempfile.mkdtemp(prefix="flipclockd-")
        os.makedirs(self.folder, exist_ok=True)
        self.config_path = os.path.join(self.folder, "flipclock.toml")
        self.log_path = os.path.join(self.folder, "flipclockd.log")
        self.notify_path = os.path.join(self.folder, "notify.sock")
        self.arguments, self.environment, self.prefix = list(arguments), dict(environment or {}), list(prefix)
        self.process = None
        self.notifications = []
        self._lock = threading.Condition()
        self._size = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        self._waiters = []
        self._watcher = None
        self._ended, self._started_at = True, self._size
        self.write_config(config)

    # The configuration.

    def write_config(self, config):
        """Writes the configuration (text, or a function of the folder); a running daemon reads it at SIGHUP."""
        text = config(self.folder) if callable(config) else config
        with open(self.config_path, "w") as f:
            f.write(text)

    def request(self, line, timeout=5):
        """One request on the control socket in `folder` (the text protocol flipclockctl speaks) and
        its reply line; None if it could not be asked."""
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(timeout)
                s.connect(os.path.join(self.folder, "control.sock"))
                s.sendall(line.encode() + b"\n")
                reply = b""
                while not reply.endswith(b"\n"):
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    reply += chunk
                return reply.decode(errors="replace").strip()
        except OSError:
            return None

    # The process.

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def start(self, timeout=60, environment=None):
        """Starts the daemon and waits for READY=1; returns self. `environment` is added to the constructor's for this start.
        Raises DaemonFailed if it exits first or `timeout` seconds pass."""
        if self.alive():
            raise DaemonFailed(f"flipclockd is already running (pid {self.pid})")
        if self._watcher:
            # The last run's watcher marks that run ended once it has read its last words: a
            # run killed and reaped elsewhere, then started at once, must not be taken for ended
            # (its READY=1 waited for, and the new daemon stopped, before it said a thing).
            self._watcher.join(30)
        if os.path.exists(self.notify_path):
            os.unlink(self.notify_path)
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        notify.bind(self.notify_path)
        notify.setblocking(False)
        reading, writing = os.pipe2(os.O_CLOEXEC)
        env = dict(os.environ, **self.environment, **(environment or {}), NOTIFY_SOCKET=self.notify_path)
        since = self.offset()
        with self._lock:
            self.notifications = []
            self._ended, self._started_at = False, since
        try:
            self.process = subprocess.Popen(
                [*self.prefix, self.binary, "--config", self.config_path, *self.arguments],
                stdin=subprocess.DEVNULL, stdout=writing, stderr=writing, env=env)
        except OSError:
            notify.close()
            os.close(reading)
            with self._lock:
                self._ended = True
            raise
        finally:
            os.close(writing)
        self._watcher = threading.Thread(target=self._watch, args=(self.process, reading, notify), daemon=True)
        self._watcher.start()
        deadline = time.monotonic() + timeout
        if not self._wait(lambda: any(n.startswith("READY=1") for n in self.notifications), deadline):
            self._fail("READY=1", timeout, since)
        return self

    def _fail(self, what, timeout, since):
        if self.alive():
            said = f"flipclockd did not send {what} within {timeout:g} s"
            self.stop()
        else:
            self.wait(10)
            said = f"flipclockd exited with status {self.process.returncode} before {what}"
        raise DaemonFailed(f"{said}; the end of {self.log_path}:\n{self.log(since)[-LOG_TAIL:]}")

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, timeout):
        """The exit status, once the process has ended and its output is all in the log; None
        if it still runs after `timeout` seconds."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        if self._watcher:
            self._watcher.join(timeout)
        return code

    def stop(self, number=SIGTERM, grace=10):
        """`number` (SIGTERM, as systemd stops the service), SIGKILL if it still runs `grace`
        seconds later; the exit status (negative: the signal that ended it). Nothing is sent to
        a process that has ended."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(number)
            if self.wait(grace) is None:
                self.process.kill()
        return self.wait(30)

    def close(self):
        """Stops the daemon, and removes the folder if it was made here."""
        self.stop()
        if self.owns_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    # The log.

    def offset(self):
        """How much of the log there is now: a `since` for `log` and `wait_for`."""
        with self._lock:
            return self._size

    def log(self, since=0):
        """The log (both streams, every start's) from byte `since`."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(since)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def wait_for(self, words, timeout, since=None):
        """True once a line of the log from `since` (this start's, when not given) holds `words`;
        False if the daemon ends or `timeout` seconds pass first."""
        deadline = time.monotonic() + max(0, timeout)
        with self._lock:
            start = self._started_at if since is None else since
            if words in self.log(start):
                return True
            seen = threading.Event()
            waiter = (words, seen)
            self._waiters.append(waiter)
        try:
            return self._wait(seen.is_set, deadline)
        finally:
            with self._lock:
                self._waiters.remove(waiter)

    # What the watching thread reads, and those it wakes.

    def _wait(self, done, deadline):
        """Waits until done() or the run's end, within the deadline; True if done()."""
        with self._lock:
            while not done():
                left = deadline - time.monotonic()
                if left <= 0 or self._ended:
                    return done()
                self._lock.wait(left)
            return True

    def _watch(self, process, reading, notify):
        exited = os.pidfd_open(process.pid)
        selector = selectors.DefaultSelector()
        selector.register(reading, selectors.EVENT_READ, "log")
        selector.register(notify, selectors.EVENT_READ, "notify")
        selector.register(exited, selectors.EVENT_READ, "exit")
        partial, ended = b"", False
        try:
            with open(self.log_path, "ab") as log:
                while not ended:
                    for key, _ in selector.select():
                        if key.data == "log":
                            chunk = os.read(reading, 65536)
                            partial = self._heard(log, partial, chunk)
                            if not chunk:
                                # No writer left; the process may not have ended yet (its
                                # descriptors close before it does): its exit ends the run.
                                selector.unregister(reading)
                        elif key.data == "notify":
                            self._notified(notify)
                        else:
                            ended = True
                # What it wrote before it ended is in the pipe; a child of it that still holds
                # the pipe (the config child) is not waited for.
                os.set_blocking(reading, False)
                chunk = b"-"
                while chunk:
                    try:
                        chunk = os.read(reading, 65536)
                    except BlockingIOError:
                        chunk = b""
                    partial = self._heard(log, partial, chunk)
                self._match([partial])
                self._notified(notify)
        finally:
            selector.close()
            os.close(reading)
            os.close(exited)
            notify.close()
            with self._lock:
                self._ended = True
                self._lock.notify_all()

    def _heard(self, log, partial, chunk):
        """Writes `chunk` to the log and matches its whole lines; returns the line it leaves unfinished."""
        if not chunk:
            return partial
        log.write(chunk)
        log.flush()
        with self._lock:
            self._size = log.tell()
        lines = (partial + chunk).split(b"\n")
        partial = lines.pop()
        if len(partial) > LINE_LIMIT:
            lines.append(partial)
            partial = b""
        self._match(lines)
        return partial

    def _match(self, lines):
        with self._lock:
            text = [line.decode(errors="replace") for line in lines]
            for words, seen in self._waiters:
                if any(words in line for line in text):
                    seen.set()
            self._lock.notify_all()

    def _notified(self, notify):
        with self._lock:
            while True:
                try:
                    message = notify.recv(4096)
                except BlockingIOError:
                    break
                self.notifications.append(message.decode(errors="replace"))
                del self.notifications[:-NOTIFICATION_LIMIT]
            self._lock.notify_all()

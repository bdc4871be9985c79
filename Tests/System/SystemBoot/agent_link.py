"""The host's side of the guest's agent (Tests/System/SystemBoot/agent) on the second serial port: a
request is a line "ID SECONDS BASE64-SCRIPT", the answer a line "agent ID STATUS BASE64-OUTPUT".
Every exchange is bounded in time and written to a transcript."""
import base64
import re
import socket
import time


class AgentLink:
    def __init__(self, path, transcript):
        self.path = path
        self.transcript = open(transcript, "a")
        self.buffer = b""
        self.next_id = 1
        self.socket = None

    def connect(self, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                s = socket.socket(socket.AF_UNIX)
                s.connect(self.path)
                self.socket = s
                return
            except (FileNotFoundError, ConnectionRefusedError):
                time.sleep(0.1)
        raise RuntimeError(f"no agent socket at {self.path} within {timeout} s")

    def run(self, script, timeout=60):
        """(status, output) of `script` run by bash as root in the guest; status 124 or 137
        when it ran out of time there, RuntimeError when no answer came within timeout + 15 s."""
        request = self.next_id
        self.next_id += 1
        line = f"{request} {int(timeout)} {base64.b64encode(script.encode()).decode()}\n".encode()
        self.socket.sendall(line)
        end = time.monotonic() + timeout + 15
        pattern = re.compile(rb"agent (\d+) (\d+) ([A-Za-z0-9+/=]*)\n")
        while True:
            for m in pattern.finditer(self.buffer):
                if int(m.group(1)) == request:
                    self.buffer = self.buffer[m.end():]
                    status, output = int(m.group(2)), base64.b64decode(m.group(3)).decode(errors="replace")
                    self.transcript.write(f"$ {script}\n{output}[status {status}]\n")
                    self.transcript.flush()
                    return status, output
            left = end - time.monotonic()
            if left <= 0:
                self.transcript.write(f"$ {script}\n[no answer within {timeout + 15} s]\n")
                self.transcript.flush()
                raise RuntimeError(f"the guest's agent did not answer within {timeout + 15} s: {script.splitlines()[0][:80]}")
            self._receive(left)

    def _receive(self, left):
        """Adds what the agent sent within min(left, 1) s to the buffer."""
        self.socket.settimeout(min(left, 1.0))
        try:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise RuntimeError("the guest's agent port closed")
            self.buffer += chunk
        except socket.timeout:
            pass

    def wait_ready(self, timeout):
        """Waits for the agent's "agent ready" (the guest has booted as far as agent.service,
        after its sysinit and basic targets) and checks it answers; the seconds it took."""
        started = time.monotonic()
        end = started + timeout
        while b"agent ready\n" not in self.buffer:
            left = end - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"the guest's agent did not start within {timeout} s")
            self._receive(left)
        self.buffer = self.buffer[self.buffer.index(b"agent ready\n") + 12:]
        self.run("true", timeout=10)
        return time.monotonic() - started

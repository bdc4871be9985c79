"""A broker that ignores the packet size the clock announced (issue 31, 15): a stand-in broker
on a free loopback port (a few lines of MQTT 5: CONNACK, then one 60 MB PUBLISH on a command
topic) and a daemon of its own. The daemon must disconnect it with MQTT 5's "packet too large"
(0x95), log the refusal, stay alive, and its peak memory (VmHWM) grow by less than 2.5 times
the packet (libmosquitto 2.0 reads a packet whole, and copies its payload, before the clock
sees its size; the clock's own copy is what is bounded). Bounded: one packet, 30 s."""
import os
import socket
import threading
import time

from daemon import Daemon

SIZE = 60 * 1024 * 1024


def _length(n):
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _packet(s):
    """(type byte, body) of the next packet, or None at the end."""
    head = s.recv(1)
    if not head:
        return None
    n, shift = 0, 0
    while True:
        b = s.recv(1)
        if not b:
            return None
        n |= (b[0] & 0x7F) << shift
        shift += 7
        if not b[0] & 0x80:
            break
    body = b""
    while len(body) < n:
        chunk = s.recv(min(65536, n - len(body)))
        if not chunk:
            return None
        body += chunk
    return head[0], body


def _hwm_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def check(context):
    check = context.check
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(30)
    port = server.getsockname()[1]
    base = "flipclock/oversize"
    daemon = Daemon(context.args.daemon, os.path.join(context.folder, "oversize"),
                    {"host": "127.0.0.1", "port": port, "client_id": "flipclock-oversize", "base_topic": base,
                     "discovery_prefix": "", "keepalive_seconds": 10})
    seen = {}

    def broker():
        try:
            conn, _ = server.accept()
            conn.settimeout(30)
            if (_packet(conn) or (0,))[0] != 0x10:
                return
            conn.sendall(b"\x20\x03\x00\x00\x00")  # CONNACK, accepted, no properties
            time.sleep(1)  # it subscribes and publishes its state
            seen["before"] = _hwm_kib(daemon.process.pid)
            topic = f"{base}/text/board/set".encode()
            body = len(topic).to_bytes(2, "big") + topic + b"\x00" + b"Z" * SIZE  # QoS 0, no properties
            conn.sendall(b"\x30" + _length(len(body)) + body)
            while (packet := _packet(conn)) is not None:
                if packet[0] == 0xE0:
                    seen["disconnect"] = packet[1][:1].hex() if packet[1] else "00"
                    break
            seen["after"] = _hwm_kib(daemon.process.pid)
            conn.close()
        except OSError as error:
            seen["error"] = str(error)

    thread = threading.Thread(target=broker, daemon=True)
    try:
        if not check("flipclockd starts against a broker that sends 60 MB packets", daemon.start(), daemon.log()[-1500:]):
            return
        thread.start()
        thread.join(40)
        grown = (seen.get("after", 0) - seen.get("before", 0)) // 1024
        print(f"# a {SIZE // (1024 * 1024)} MB PUBLISH: peak memory {seen.get('before', 0) // 1024} → {seen.get('after', 0) // 1024} MiB", flush=True)
        # The line reaches the log a moment after the disconnect the broker saw.
        logged = daemon.wait_for("more than the 4096 bytes the clock takes; disconnected", 5)
        check("a 60 MB PUBLISH past the announced packet size: the broker is disconnected with 0x95 (packet too large), the refusal logged",
              seen.get("disconnect") == "95" and logged, f"{seen}, logged={logged}")
        check(f"…its peak memory grows by less than 2.5 times the packet ({grown} MiB), and it answers ping",
              0 < grown < 2.5 * SIZE / (1024 * 1024) and daemon.request("ping") == "OK pong", f"{seen}")
    finally:
        daemon.stop()
        server.close()

"""Slowloris against the daemon's API (issue 31, 4): one address (127.0.0.2) holds ATTACKERS
connections open, each sending a header byte now and then and opened again as soon as the
daemon closes it, while a client with the token (from 127.0.0.1) asks for the state every
0.2 s. Every answer must come, within 2 s. Bounded: ATTACKERS sockets, SECONDS seconds, then
every socket closed. Prints its figures; `check` returns (ok, what was seen)."""
import socket
import threading
import time
import urllib.request

ATTACKERS = 300
SECONDS = 10


def _attacker(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.bind(("127.0.0.2", 0))
    s.connect_ex(("127.0.0.1", port))
    return s


def check(port, token, attackers=ATTACKERS, seconds=SECONDS):
    stop = threading.Event()
    counts = {"opened": 0, "closed by the daemon": 0}

    def hold():
        held = []
        try:
            while not stop.is_set():
                while len(held) < attackers:
                    held.append([_attacker(port), b"GET / HTTP/1.1\r\nX-a: "])
                    counts["opened"] += 1
                kept = []
                for pair in held:
                    s, line = pair
                    try:
                        s.send(line)
                        pair[1] = b"a"  # the head started: a byte of a header now and then
                        kept.append(pair)
                    except (BlockingIOError, InterruptedError):
                        kept.append(pair)  # still connecting, or its buffer is full
                    except OSError:
                        counts["closed by the daemon"] += 1
                        s.close()
                held = kept
                stop.wait(0.5)
        finally:
            for s, _ in held:
                s.close()

    attacker = threading.Thread(target=hold, daemon=True)
    attacker.start()
    time.sleep(1)  # the attacker's connections are open first
    latencies, failures = [], []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/state", headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request, timeout=5) as answer:
                answer.read()
                if answer.status != 200:
                    failures.append(f"status {answer.status}")
        except Exception as error:  # a refusal, a reset or a timeout: all count against it
            failures.append(f"{type(error).__name__}: {error}")
        latencies.append(time.monotonic() - started)
        time.sleep(0.2)
    stop.set()
    attacker.join(10)
    worst = max(latencies) if latencies else None
    said = (f"{len(latencies)} requests with the token while 127.0.0.2 held {attackers} connections "
            f"({counts['opened']} opened, {counts['closed by the daemon']} closed by the daemon): "
            f"{len(failures)} failed, the slowest {worst:.2f} s" + (f"; {failures[:3]}" if failures else ""))
    return not failures and worst is not None and worst < 2, said

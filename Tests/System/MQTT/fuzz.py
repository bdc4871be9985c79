"""Command payloads fuzzed for a bounded time on every command topic: random bytes, odd UTF-8,
numbers and JSON at their edges, valid commands among them, and payloads up to 4 MB. After it
the daemon is alive, answers ping on its socket and commands on the broker, and its resident
memory did not keep growing."""
import json
import random
import time

EDGES = [
    b"", b" ", b"3 ", b" 3", b"+", b"-", b"--1", b"+-1", b"0x10", b"1e2", b"3.0", b"NaN", b"inf", b"-0",
    b"99999999999999999999999", b"-99999999999999999999999", "\u0663".encode(), "\uff13".encode(),
    b"\x00", b"3\x00", b"\xc0\xaf", b"\xed\xa0\x80", b"\xef\xbb\xbf3", b"\xff\xfe", "\u202eDLROW".encode(),
    ("A" + "\u0301" * 2000).encode(), "\U0001F600".encode() * 50, b"\n" * 20, b"reset\n", b"ON\r\n",
    b"start 99999m", b"start at 25:61", b"start -1m", b"start at 15:30", b"start 0s", b"pause", b"resume", b"reset",
    b"0", b"100", b"101", b"-1", b"86400", b"86401", b"OFF", b"on", b"ON", b"+1", b"-1000",
    b"{", b"[]", b"null", b"{}", b'{"text":""}', b'{"text":"X","duration":-1}', b'{"text":"X","duration":1e999}',
    b'{"text":"X","row":99999}', b'{"text":"X","row":-1}', b'{"text":1}', b'{"text":"X","duration":"30x"}',
    b'{"text":"X","extra":true}', b"[" * 100000, b'{"a":' * 50000,
    json.dumps({"text": "W" * 281}).encode(), json.dumps({"text": "\n" * 13}).encode(),
]


def payloads(rng):
    """An endless mix: edges, random bytes, random UTF-8, long texts, and now and then 1-4 MB."""
    while True:
        kind = rng.random()
        if kind < 0.4:
            yield rng.choice(EDGES)
        elif kind < 0.6:
            yield rng.randbytes(rng.randint(0, 64))
        elif kind < 0.8:
            yield "".join(chr(rng.choice([rng.randint(32, 126), rng.randint(0xA0, 0xD7FF), rng.randint(0xE000, 0x10FFFF)]))
                          for _ in range(rng.randint(1, 300))).encode()
        elif kind < 0.995:
            yield rng.choice([b"A", b"1", b"\xe2\x82\xac"]) * rng.randint(4000, 5000)
        else:
            yield rng.randbytes(rng.randint(1, 4) * 1024 * 1024)


def check(context):
    check, daemon, listener, b = context.check, context.daemon, context.listener, context.base
    topics = [f"{b}/{t}" for t in ("score/home/set", "score/away/set", "score/nosuch/set", "text/board/set", "text/x/set",
                                   "message/set", "message/seconds/set", "screen/set", "screen/brightness/set",
                                   "timer/egg/set", "timer/nosuch/set", "set", "score/set", "score/home/set/x")]
    topics.append(f"{context.prefix}/status")
    rng, sent, largest = random.Random(15), 0, 0
    memory = [daemon.resident_kib()]
    started = time.monotonic()
    end, next_sample = started + context.args.fuzz_seconds, started + context.args.fuzz_seconds / 2
    for payload in payloads(rng):
        if time.monotonic() >= end or not daemon.alive():
            break
        listener.client.publish(rng.choice(topics), payload, qos=0)
        sent, largest = sent + 1, max(largest, len(payload))
        if time.monotonic() >= next_sample:
            memory.append(daemon.resident_kib())
            next_sample = end + 1
        time.sleep(0.001 if len(payload) < 100000 else 0.05)
    time.sleep(1)
    alive = daemon.alive()
    memory.append(daemon.resident_kib() if alive else 0)
    pong = daemon.request("ping") if alive else None
    check(f"fuzz: {sent} payloads (largest {largest} bytes) in {context.args.fuzz_seconds:.0f} s, the daemon alive and answering ping",
          alive and pong == "OK pong", f"alive={alive} ping={pong!r}")
    first, middle, last = (m // 1024 for m in memory)
    check(f"fuzz: resident memory {first} → {middle} → {last} MiB, not growing without bound",
          alive and last - first <= 64 and last - middle <= 16, f"{first} → {middle} → {last} MiB")
    mark = listener.mark()
    listener.publish(f"{b}/score/home/set", "7")
    got = listener.find(mark, f"{b}/score/home", "7", seconds=10)
    check("after the fuzz B/score/home/set 7 still works", got is not None and (daemon.status() or {}).get("scores", {}).get("home") == 7,
          f"got {[m.text for m in listener.since(mark, f'{b}/score/home')]}")
    big(context)


def big(context):
    """A command of 4096 bytes reaches the clock (and is refused: a message is at most 280
    characters); one of 1 MiB never does: the broker was told the clock's largest packet."""
    listener, b = context.listener, context.base
    mark = listener.mark()
    listener.publish(f"{b}/message/set", b"A" * 4096)
    answer = listener.find(mark, f"{b}/error", seconds=5)
    context.check("a 4096-byte command reaches the clock: answered on B/error", answer is not None and f"{b}/message/set" in answer.text,
                  "no answer" if answer is None else answer.text[:300])
    before = (context.daemon.status() or {}).get("texts", {}).get("board")
    mark, log = listener.mark(), len(context.broker.log())
    listener.publish(f"{b}/text/board/set", b"Z" * 1024 * 1024)
    time.sleep(1.5)
    answers = [m.text[:200] for m in listener.since(mark, f"{b}/error")]
    after = (context.daemon.status() or {}).get("texts", {}).get("board")
    dropped = "Dropping too large outgoing PUBLISH for flipclock-test" in context.broker.log()[log:]
    context.check("a 1 MiB command is not delivered: mosquitto drops it for the clock's packet size, no answer, nothing changed",
                  dropped and not answers and after == before, f"dropped={dropped}, B/error {answers}, board {before!r} → {after!r}")

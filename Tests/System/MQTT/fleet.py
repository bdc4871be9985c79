"""A fleet: 20 real daemons on the one broker, each with its own base topic, client id and
folder, all in the group `hall`, every fourth also in `lobby`, half of them without the score
`away`. Checked: each announces its own node and unique ids; the group's Home Assistant configs
are the same bytes from every member; one publish to `flipclock/group/hall/screen/set` reaches
all 20 (each clock's own `B/screen` turns OFF: the time from the publish to the last is
reported); `lobby` reaches only its members; a member without the score answers on its own
`B/error`, naming the group's topic; a reload of one daemon that changes its groups (leaves
lobby, joins floor-2) takes effect at once, and disturbs none of the others (no reconnection
in mosquitto's log, no status or config published by them), and leaves lobby's configs."""
import json
import os
import re
import signal
import statistics
import threading
import time

import discovery
from daemon import Daemon
from home_assistant import Listener, retained

CLOCKS = 20
GROUPS = "flipclock/group"


def base(i):
    return f"flipclock/fleet/{i:02d}"


def client(i):
    return f"flipclock-fleet-{i:02d}"


def groups(i):
    return ["hall", "lobby"] if i % 4 == 0 else ["hall"]


def scores(i):
    return ("home", "away") if i % 2 == 0 else ("home",)


def mqtt(context, i, names):
    return {"host": "127.0.0.1", "port": context.args.plain_port, "client_id": client(i), "base_topic": base(i),
            "discovery_prefix": context.prefix, "groups": names}


def start_all(context):
    """The 20 daemons, started side by side (each waits for its READY=1); those that failed."""
    fleet = [Daemon(context.args.daemon, os.path.join(context.folder, "fleet", f"{i:02d}"), mqtt(context, i, groups(i)), scores(i))
             for i in range(CLOCKS)]
    threads = [threading.Thread(target=d.start) for d in fleet]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return fleet


def arrival(listener, mark, topics, payload, seconds=10):
    """{topic: when its first message with `payload` since `mark` came}, for those that came in time."""
    end, got = time.monotonic() + seconds, {}
    while len(got) < len(topics) and time.monotonic() < end:
        for m in listener.since(mark):
            if m.topic in topics and m.topic not in got and m.text == payload:
                got[m.topic] = m.at
        time.sleep(0.01)
    return got


def cpu_seconds(pid):
    """utime + stime of a process, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def check(context):
    check, started = context.check, time.monotonic()
    listener = Listener(context.args.plain_port, ["flipclock/fleet/#", f"{GROUPS}/#", f"{context.prefix}/#"], "fleet-stand-in")
    listener.subscribed.wait(10)
    fleet = []
    try:
        fleet = start_all(context)
        up = [d for d in fleet if d.alive()]
        took = time.monotonic() - started
        if not check(f"{CLOCKS} daemons start on one broker ({took:.1f} s)", len(up) == CLOCKS,
                     "; ".join(d.failure[-300:] for d in fleet if not d.alive())):
            return
        online = arrival(listener, 0, {f"{base(i)}/status" for i in range(CLOCKS)}, "online", 20)
        check("each says online on its own B/status", len(online) == CLOCKS, f"{len(online)} of {CLOCKS}")
        arrival(listener, 0, {f"{base(i)}/screen" for i in range(CLOCKS)}, "ON", 10)
        ids(context, fleet, listener)
        delivery(context, fleet, listener)
        reload(context, fleet, listener)
        idle(context, fleet)
    finally:
        for d in fleet:
            d.stop()
        listener.close()
        print(f"# fleet: {time.monotonic() - started:.0f} s", flush=True)


def ids(context, fleet, listener):
    check, prefix = context.check, context.prefix
    nodes = []
    for d in fleet:
        found = re.findall(r"node=(flipclock_[0-9a-z_-]+)", d.log())
        nodes.append(found[-1] if found else None)
    check("each clock has its own node (flipclock_ and 12 hex digits)",
          len(set(nodes)) == CLOCKS and all(n and re.fullmatch(r"flipclock_[0-9a-f]{12}", n) for n in nodes), str(nodes))
    kept = retained(context.args.plain_port, [f"{prefix}/#"], "fleet-reader")
    mine = {n: [json.loads(p) for t, p in kept.items() if p and t.split("/")[2] == n] for n in nodes if n}
    unique = [c.get("unique_id") for configs in mine.values() for c in configs]
    check(f"each clock's retained configs carry its own node and unique ids ({len(unique)} ids, none twice)",
          all(configs and all(c.get("unique_id", "").startswith(f"{n}_") and c.get("availability_topic") == f"{base(nodes.index(n))}/status"
                              for c in configs) for n, configs in mine.items()) and len(set(unique)) == len(unique),
          str({n: len(c) for n, c in mine.items()}))
    for group, members in (("hall", CLOCKS), ("lobby", sum("lobby" in groups(i) for i in range(CLOCKS)))):
        for component, object_id in (("notify", "message"), ("light", "screen")):
            topic = f"{prefix}/{component}/flipclock_group_{group}/{object_id}/config"
            sent = listener.since(0, topic)
            payloads = {m.payload for m in sent}
            config = kept.get(topic, b"")
            # A group has no availability: any member may be down while the others take its commands.
            problems = [p for p in discovery.problems(component, config) if p != "no availability_topic"] if config else ["none retained"]
            check(f"{group}'s {component} {object_id}: announced by all {members} members, the same bytes, one retained config "
                  "Home Assistant takes", len(sent) >= members and payloads == {config} and not problems,
                  f"{len(sent)} announcements, {len(payloads)} different; {problems}")


def delivery(context, fleet, listener):
    check = context.check
    screens = {f"{base(i)}/screen" for i in range(CLOCKS)}
    mark = listener.mark()
    sent = time.monotonic()
    listener.publish(f"{GROUPS}/hall/screen/set", "OFF")
    got = arrival(listener, mark, screens, "OFF")
    times = sorted((at - sent) * 1000 for at in got.values())
    median, most = (statistics.median(times), times[-1]) if times else (0, 0)
    check(f"one publish to {GROUPS}/hall/screen/set OFF: every clock's own B/screen is OFF "
          f"(median {median:.0f} ms, the {CLOCKS}th after {most:.0f} ms)", len(got) == CLOCKS and most < 5000,
          f"{len(got)} of {CLOCKS}: missing {sorted(screens - set(got))}")
    context.fleet_delivery = (median, most)
    mark = listener.mark()
    listener.publish(f"{GROUPS}/hall/screen/set", "ON")
    check("and ON turns all 20 back on", len(arrival(listener, mark, screens, "ON")) == CLOCKS, "")

    lobby = {i for i in range(CLOCKS) if "lobby" in groups(i)}
    mark = listener.mark()
    listener.publish(f"{GROUPS}/lobby/screen/brightness/set", "30")
    got = arrival(listener, mark, {f"{base(i)}/screen/brightness" for i in lobby}, "30")
    time.sleep(0.5)
    others = [m.topic for m in listener.since(mark) if m.topic.endswith("/screen/brightness") and int(m.topic.split("/")[2]) not in lobby]
    check(f"a brightness to lobby reaches its {len(lobby)} members and no other clock", len(got) == len(lobby) and not others,
          f"{len(got)} members; others: {others}")

    mark = listener.mark()
    listener.publish(f"{GROUPS}/hall/score/away/set", "+1")
    away = arrival(listener, mark, {f"{base(i)}/score/away" for i in range(0, CLOCKS, 2)}, "6")
    errors = {}
    end = time.monotonic() + 10
    while len(errors) < CLOCKS // 2 and time.monotonic() < end:
        errors = {m.topic: json.loads(m.payload) for m in listener.since(mark) if m.topic.endswith("/error")}
        time.sleep(0.05)
    right = all(e.get("topic") == f"{GROUPS}/hall/score/away/set" and e.get("code") == "unknown-score" for e in errors.values())
    check("score away +1 to hall: the 10 with away count 6, the 10 without refuse on their own B/error naming the group's topic",
          len(away) == CLOCKS // 2 and set(errors) == {f"{base(i)}/error" for i in range(1, CLOCKS, 2)} and right,
          f"{len(away)} counted; errors {errors}")
    # The flip of away's card makes those clocks' figures known: published once, when it lands
    # (not during the reload below).
    end, flipped = time.monotonic() + 10, set()
    while len(flipped) < CLOCKS // 2 and time.monotonic() < end:
        flipped = {m.topic for m in listener.since(mark) if m.topic.endswith("/diagnostics") and '"frames_per_flip":null' not in m.text}
        time.sleep(0.05)


def reload(context, fleet, listener):
    """Daemon 0 leaves lobby and joins floor-2 at a reload; the others see nothing of it."""
    check, prefix, daemon = context.check, context.prefix, fleet[0]
    # A command kept on the broker for floor-2, before anyone is in it.
    retained_command = f"{GROUPS}/floor-2/score/home/set"
    listener.publish(retained_command, "+1", retain=True)
    log, broker = len(daemon.log()), len(context.broker.log())
    mark = listener.mark()
    daemon.configure(mqtt(context, 0, ["hall", "floor-2"]), scores(0))
    daemon.signal(signal.SIGHUP)
    reloaded = daemon.wait_for("configuration reloaded", 10, since=log)
    time.sleep(2)
    window = listener.since(mark)
    said = daemon.log()[log:]
    check("a reload that changes the groups takes them (no 'next start' in its log)",
          reloaded and "next start" not in said, said[-600:])
    floor = f"{prefix}/light/flipclock_group_floor-2/screen/config"
    check("it announces floor-2's entities at the reload", any(m.topic == floor and m.payload for m in window), "")
    home = [m.text for m in window if m.topic == f"{base(0)}/score/home"]
    check("the command floor-2's topic kept (retained) is not done when it joins", not home
          and (daemon.status() or {}).get("scores", {}).get("home") == 0, f"B/score/home {home}")
    listener.publish(retained_command, "", retain=True)
    others = {base(i) for i in range(1, CLOCKS)}
    nodes = {re.findall(r"node=(flipclock_[0-9a-z_-]+)", d.log())[-1] for d in fleet[1:]}
    noise = [(m.topic, m.text[:40]) for m in window
             if any(m.topic.startswith(f"{b}/") for b in others) or (m.topic.endswith("/config") and m.topic.split("/")[2] in nodes)]
    check("the other 19 publish nothing while it reloads (no status, no config, no state)", not noise, str(noise[:6]))
    whole = context.broker.log()
    connected = {i for i in range(CLOCKS) if f" as {client(i)} (" in whole[:broker]}
    since = [line for line in whole[broker:].splitlines() if "flipclock-fleet-" in line]
    moved = [line for line in since if any(w in line for w in ("New client connected", "disconnect", "closed its connection", "timeout"))]
    check("no fleet client reconnects or disconnects at the broker (its log, which has all 20 connections before)",
          len(connected) == CLOCKS and not moved, f"{len(connected)} connections logged; " + "\n".join(moved[:6]))
    kept = retained(context.args.plain_port, [f"{prefix}/+/flipclock_group_lobby/+/config"], "fleet-reader-2")
    check("lobby's configs stay (other members still announce them)", len(kept) == 2 and all(kept.values()), str(sorted(kept)))

    mark = listener.mark()
    listener.publish(f"{GROUPS}/floor-2/screen/brightness/set", "50")
    listener.publish(f"{GROUPS}/lobby/screen/brightness/set", "70")
    lobby = {i for i in range(1, CLOCKS) if "lobby" in groups(i)}
    got = arrival(listener, mark, {f"{base(i)}/screen/brightness" for i in lobby}, "70")
    time.sleep(0.5)
    mine = [m.text for m in listener.since(mark, f"{base(0)}/screen/brightness")]
    check("after it: floor-2 reaches it, lobby no longer does (and still reaches the other members)",
          mine == ["50"] and len(got) == len(lobby), f"its brightness {mine}; lobby {len(got)} of {len(lobby)}")


def idle(context, fleet):
    """The resident memory and CPU of the 20 idle daemons, over 5 s."""
    before = {d.pid: cpu_seconds(d.pid) for d in fleet if d.alive()}
    time.sleep(5)
    used = sum(cpu_seconds(pid) - t for pid, t in before.items() if os.path.exists(f"/proc/{pid}"))
    memory = [d.resident_kib() for d in fleet if d.alive()]
    context.check(f"{len(memory)} idle daemons: {sum(memory) / 1024:.0f} MiB resident together "
                  f"({statistics.median(memory) / 1024:.1f} MiB each), {used / 5 * 100:.1f}% of one core together",
                  len(memory) == CLOCKS, "")

"""The connection's life: the broker restarted under the clock, Home Assistant starting, a reload
that drops a score, and the clock killed (its last will)."""
import signal
import time
from datetime import datetime, timezone

import announce
from home_assistant import retained


def check_broker_restart(context):
    check, b = context.check, context.base
    context.listener.close()
    context.listener = None
    context.broker_restarted = datetime.now(timezone.utc)  # tls.py reads the clocks' logs up to here
    context.broker.stop()
    time.sleep(0.5)  # the clock sees the connection go and starts backing off
    if not check("mosquitto starts again on the same ports", context.broker.start()):
        return
    started = time.monotonic()
    context.listen()
    listener = context.listener
    online = listener.find(0, f"{b}/status", "online", seconds=20)
    took = None if online is None else online.at - started
    check(f"the clock reconnects within the backoff (online again after {took and round(took, 1)} s, at most 10)",
          took is not None and took <= 10 and online.retain, "never" if took is None else f"{took:.1f} s, retain={online.retain}")
    configs = {announce.topic(context, c, o) for c, o in announce.expected()}
    time.sleep(1)
    again = {m.topic for m in listener.since(0) if m.topic in configs}
    check("it announces every entity again on the new connection", again == configs, f"missing {sorted(configs - again)}")
    home = listener.find(0, f"{b}/score/home", seconds=2)
    check("it publishes its state again and kept it: B/score/home 3",
          home is not None and home.text == "3" and (context.daemon.status() or {}).get("scores", {}).get("home") == 3,
          "none" if home is None else home.text)


def check_home_assistant_start(context):
    configs = {announce.topic(context, c, o) for c, o in announce.expected()}
    mark = context.listener.mark()
    context.listener.publish(f"{context.prefix}/status", "online")
    time.sleep(2)
    again = {m.topic for m in context.listener.since(mark) if m.topic in configs}
    context.check("homeassistant/status online: every config is sent again", again == configs,
                  f"missing {sorted(configs - again)}")


def check_reload(context):
    check, daemon, listener = context.check, context.daemon, context.listener
    gone = announce.topic(context, "number", "score_away")
    mark = listener.mark()
    daemon.configure(daemon.mqtt, scores=("home",))
    daemon.signal(signal.SIGHUP)
    empty = listener.find(mark, gone, b"", seconds=10)
    check("a reload without away: its config becomes empty, retained", empty is not None and empty.retain,
          f"got {[m.text[:60] for m in listener.since(mark, gone)]}")
    kept = retained(context.args.plain_port, [f"{context.prefix}/#"])
    check("the broker keeps no config for away (its number, its buttons) and still one for home",
          not any("/score_away" in t for t in kept) and announce.topic(context, "number", "score_home") in kept, str(sorted(kept)))
    # Cleared, and not published again from the state read before the reload (docs/mqtt.md).
    states = retained(context.args.plain_port, [f"{context.base}/score/#"])
    check("the broker keeps no state for away: B/score/away cleared, not published again",
          f"{context.base}/score/away" not in states and f"{context.base}/score/home" in states,
          f"{sorted(states)}; since the reload: {[(m.text, m.retain) for m in listener.since(mark, f'{context.base}/score/away')]}")
    check("the reloaded daemon has no away score", "away" not in (daemon.status() or {}).get("scores", {"away": 0}), "")
    log = len(daemon.log())
    daemon.configure(dict(daemon.mqtt, keepalive_seconds=20), scores=("home",))
    daemon.signal(signal.SIGHUP)
    time.sleep(1)
    said = [line for line in daemon.log()[log:].splitlines() if "mqtt" in line and "next start" in line]
    check("a reload that changes [mqtt] says in the log that it takes effect at the next start", said, daemon.log()[log:][-500:])


def check_daemon_restart(context):
    """A clean stop says offline; the next start publishes the message seconds the clock kept
    (its state file), first and only: never the configuration's 30, whatever the broker holds."""
    check, daemon, listener, b = context.check, context.daemon, context.listener, context.base
    mark = listener.mark()
    daemon.stop()
    offline = listener.find(mark, f"{b}/status", "offline", seconds=5)
    check("SIGTERM: the clock says B/status offline, retained, as it stops", offline is not None and offline.retain,
          f"got {[m.text for m in listener.since(mark, f'{b}/status')]}")
    # A config an earlier run left for a score this configuration does not have.
    ghost = announce.topic(context, "number", "score_ghost")
    listener.publish(ghost, '{"command_topic":"x/set","unique_id":"ghost"}', retain=True)
    # The broker's copy of the message seconds gone: the clock's own are what it publishes.
    listener.publish(f"{b}/message/seconds", "", retain=True)
    mark = listener.mark()
    if not check("flipclockd starts again", daemon.start(), daemon.log()[-1500:]):
        return
    cleared = listener.find(mark, ghost, b"", seconds=5)
    check("at the start it removes a config left for a score it no longer has (empty, retained)",
          cleared is not None and cleared.retain and ghost not in retained(context.args.plain_port, [ghost]),
          f"got {[m.text for m in listener.since(mark, ghost)]}")
    online = listener.find(mark, f"{b}/status", "online", seconds=10)
    time.sleep(2)  # what it publishes on connecting, and once it has the clock's status
    seconds = [m.text for m in listener.since(mark, f"{b}/message/seconds")]
    kept = retained(context.args.plain_port, [f"{b}/message/seconds"]).get(f"{b}/message/seconds")
    later = listener.mark()
    time.sleep(1)
    still = len(listener.since(later, f"{b}/message/seconds"))
    status = (daemon.status() or {}).get("message_seconds")
    check("after a restart: online, and the first B/message/seconds is the clock's kept 4 (never the configuration's 30), once",
          online is not None and seconds == ["4"] and kept == b"4" and still == 0 and status == 4,
          f"online={online is not None}; B/message/seconds published {len(seconds)} times in 2 s, {seconds[:6]}…{seconds[-2:]}, "
          f"retained {kept!r}, {still} more in the next second; the status's message_seconds {status!r}")


def check_last_will(context):
    check, b = context.check, context.base
    mark = context.listener.mark()
    context.daemon.signal(signal.SIGKILL)
    context.daemon.wait(10)
    offline = context.listener.find(mark, f"{b}/status", "offline", seconds=10)
    check("SIGKILL: the broker sends the last will, B/status offline, retained", offline is not None and offline.retain,
          f"got {[m.text for m in context.listener.since(mark, f'{b}/status')]}")
    kept = retained(context.args.plain_port, [f"{b}/status"])
    check("a client that subscribes now reads offline", kept.get(f"{b}/status") == b"offline", str(kept))

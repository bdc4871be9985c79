"""Commands the broker keeps, or sends in a flood (issue 31, 7 and 9): a retained `+1` is done
once, not again when the clock connects again (it restarts here), and clearing it (an empty
payload) is neither a command nor a refusal; 2,001 QoS 1 commands in a burst end with the
newest shown, and a drop, if any, is told on B/error. Bounded: 2,001 messages, 60 s."""
import time

BURST = 2001


def home(daemon):
    return (daemon.status() or {}).get("scores", {}).get("home")


def check_retained_command(context):
    check, daemon, listener, b = context.check, context.daemon, context.listener, context.base
    before = home(daemon)
    mark = listener.mark()
    listener.publish(f"{b}/score/home/set", "+1", retain=True)
    done = listener.find(mark, f"{b}/score/home", str((before or 0) + 1), seconds=5)
    check(f"a retained +1 on B/score/home/set is done once: home {before} → {(before or 0) + 1}", before is not None and done is not None,
          f"B/score/home {[m.text for m in listener.since(mark, f'{b}/score/home')]}")
    daemon.stop()
    mark = listener.mark()
    if not check("flipclockd starts again under the retained +1", daemon.start(), daemon.log()[-1500:]):
        return
    online = listener.find(mark, f"{b}/status", "online", seconds=10)
    time.sleep(2)  # the broker sends the retained command at the subscription
    check("after the restart the retained +1 is not done again", online is not None and home(daemon) == (before or 0) + 1,
          f"online={online is not None}, home {home(daemon)}")
    mark, log = listener.mark(), len(daemon.log())
    listener.publish(f"{b}/score/home/set", b"", retain=True)
    time.sleep(1)
    errors = [m.text for m in listener.since(mark, f"{b}/error")]
    logged = [line for line in daemon.log()[log:].splitlines() if "score/home/set" in line]
    check("clearing it (an empty retained payload) is no command and no refusal", not errors and not logged
          and home(daemon) == (before or 0) + 1, f"B/error {errors}, log {logged}, home {home(daemon)}")


def check_flood(context):
    check, daemon, listener, b = context.check, context.daemon, context.listener, context.base
    mark, started = listener.mark(), time.monotonic()
    infos = [listener.client.publish(f"{b}/text/board/set", str(n), qos=1) for n in range(1, BURST + 1)]
    for info in infos:
        info.wait_for_publish(30)
    sent = time.monotonic() - started
    last = listener.find(mark, f"{b}/text/board", str(BURST), seconds=60)
    texts = (daemon.status() or {}).get("texts", {})
    shown = [m.text for m in listener.since(mark, f"{b}/text/board")]
    drops = [m.text for m in listener.since(mark, f"{b}/error") if "queue-full" in m.text]
    print(f"# {BURST} commands sent (all acknowledged) in {sent:.1f} s; B/text/board changed {len(shown)} times; "
          f"drops told on B/error: {drops[:3]}", flush=True)
    check(f"{BURST} QoS 1 commands in a burst: the newest ({BURST}) is B/text/board and the board's text",
          last is not None and texts.get("board") == str(BURST), f"last B/text/board {shown[-3:]}, status {texts.get('board')!r}")
    check("the daemon still answers after the burst", daemon.request("ping") == "OK pong", "")

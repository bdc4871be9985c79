"""Every acknowledged change of a match is kept (docs/match-leadership.md, the guarantee): three real
flipclockds of one `[match]` (leader, standby, follower) on a loopback mosquitto. In each round the
clock that leads is asked `score add away 2` on its control socket and killed with SIGKILL the
moment the reply comes; the other candidate takes over from the broker's last `T/state`, and its
`away` must include the +2 (so must the follower's). The killed clock is started again (it follows)
and leads in the next round. Then the leader's reply latency over 50 score changes (median, max).

    python match_acknowledged.py --daemon .build/debug/flipclockd [--rounds 20] [--folder DIR]

Prints `match-ack: NAME ok|FAILED (detail)` a check, then `N passed, M failed`; exits 1 on a failure.
"""
import argparse
import getpass
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon as clocks  # noqa: E402
from report import Report, free_ports  # noqa: E402

TOPIC = "flipclock-test/match/ack"
PLAIN = clocks.configuration


def match_configuration(role):
    def configuration(folder, mqtt, scores=("home", "away"), http=None):
        return (PLAIN(folder, mqtt, scores, http)
                + '\n[game]\nperiods = 4\nperiod = "10:00"\n\n'
                + f'[match]\ntopic = "{TOPIC}"\nrole = "{role}"\n')
    return configuration


def make(binary, folder, port, name, role):
    """A Daemon of the match (not started)."""
    saved = clocks.configuration
    clocks.configuration = match_configuration(role)
    try:
        return clocks.Daemon(binary, os.path.join(folder, name),
                             {"host": "127.0.0.1", "port": port, "client_id": name, "base_topic": f"flipclock/{name}"})
    finally:
        clocks.configuration = saved


def away(reply):
    """`OK home=3 away=7` → 7 (None if not a score reply)."""
    for word in (reply or "").split():
        if word.startswith("away="):
            return int(word[5:])
    return None


def wait_leads(clock, bound=5.0):
    """Seconds until `clock` takes a change of the match (`score add home 0`), or None."""
    start = time.monotonic()
    while time.monotonic() - start < bound:
        reply = clock.request("score add home 0", timeout=3)
        if reply and reply.startswith("OK"):
            return time.monotonic() - start
        time.sleep(0.02)
    return None


def wait_away(clock, value, bound=5.0):
    """Whether `clock` shows away = `value` within `bound` seconds; the last value seen."""
    start, seen = time.monotonic(), None
    while time.monotonic() - start < bound:
        status = clock.status()
        if status:
            seen = status.get("scores", {}).get("away")
            if seen == value:
                return True, seen
        time.sleep(0.05)
    return False, seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--daemon", default=".build/debug/flipclockd")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--folder")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.daemon)
    folder = arguments.folder or tempfile.mkdtemp(prefix="flipclock-match-ack-")
    report = Report("match-ack")
    (port,) = free_ports(1)
    with open(os.path.join(folder, "mosquitto.conf"), "w") as f:
        f.write(f"user {getpass.getuser()}\nlog_dest file {folder}/mosquitto.log\nlisten" f"er {port} 127.0.0.1\nallow_anonymous true\n")
    broker = subprocess.Popen(["mosquitto", "-c", os.path.join(folder, "mosquitto.conf")])
    started = []
    try:
        time.sleep(0.3)
        a, b, f = (make(binary, folder, port, "a", "leader"), make(binary, folder, port, "b", "standby"),
                   make(binary, folder, port, "f", "follower"))
        for clock in (a, b, f):
            if not clock.start():
                report.check(f"{clock.folder} starts", False, clock.failure)
                return report
            started.append(clock)
        report.check("the leader leads", wait_leads(a) is not None)
        leader, other = a, b
        kept, lost = 0, []
        for round in range(arguments.rounds):
            reply = leader.request("score add away 2")
            leader.process.send_signal(signal.SIGKILL)
            leader.process.wait()
            expected = away(reply)
            took = wait_leads(other)
            ok, seen = wait_away(other, expected, bound=1.0) if took is not None else (False, None)
            if ok:
                kept += 1
            else:
                lost.append(f"round {round + 1}: acknowledged {reply!r}, the new leader shows away={seen}")
            # The follower follows the new leader, the +2 in it.
            follows, shown = wait_away(f, seen if seen is not None else expected)
            if not follows:
                lost.append(f"round {round + 1}: the follower shows away={shown}")
            if expected is None or expected >= 48:
                break
            if not leader.start():
                report.check("the killed clock starts again", False, leader.failure)
                return report
            # It follows the new leader before it may take over in the next round.
            wait_away(leader, seen)
            leader, other = other, leader
        report.check(f"every acknowledged change kept over {arguments.rounds} SIGKILLs", not lost and kept == arguments.rounds,
                     f"{kept} kept" + ("; " + "; ".join(lost[:5]) if lost else ""))
        # The latency a reply waits for the broker's PUBACK, at the leader on a loopback broker.
        waits = []
        for k in range(50):
            start = time.monotonic()
            reply = leader.request(f"score {'add' if k % 2 == 0 else 'subtract'} home 1")
            waits.append((time.monotonic() - start) * 1000)
            if not (reply or "").startswith("OK"):
                report.check("the leader takes 50 score changes", False, repr(reply))
                break
        report.check("reply latency at the leader", True,
                     f"median {statistics.median(waits):.2f} ms, max {max(waits):.2f} ms over {len(waits)} score changes")
        return report
    finally:
        for clock in started:
            if clock.process and clock.process.poll() is None:
                clock.process.send_signal(signal.SIGKILL)
                clock.process.wait()
        broker.terminate()
        broker.wait()
        if not arguments.folder:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    outcome = main()
    print(outcome.summary())
    sys.exit(1 if outcome.failed else 0)

#!/usr/bin/env python3
"""The harness's own checks, against the debug daemon `swift build` made: ready at READY=1 and
stopped with its status; a configuration error fails the start naming the exit status and the
log's line; a process that never says READY=1 fails the start at the bound and is stopped; one
that ignores SIGTERM is killed after the grace. Prints `ok - NAME` or `not ok - NAME: why` a
check and `N passed, M failed`; exits 1 on any failure. A few seconds.

    Tests/System/Harness/harness_test.py [--binary .build/debug/flipclockd]
"""

import argparse
import os
import sys
from signal import SIGKILL

from flipclockd import DaemonFailed, Flipclockd, own_tables

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def config(folder):
    return f"""[clock]
format = "HH:MM:SS"

{own_tables(folder, "160x64")}
[http]
listen = "127.0.0.1:0"
"""


def failure(daemon, timeout):
    """The start's DaemonFailed text, or None if it got ready."""
    try:
        daemon.start(timeout)
    except DaemonFailed as error:
        return str(error)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "flipclockd"))
    args = parser.parse_args()
    results = []

    def check(name, ok, detail):
        results.append(ok)
        print(f"ok - {name}" if ok else f"not ok - {name}: {detail}", flush=True)

    with Flipclockd(args.binary, config, environment={"JOURNAL_STREAM": "0:0"}) as daemon:
        said = failure(daemon, 60)
        ready = [n for n in daemon.notifications if n.startswith("READY=1")]
        check("ready at READY=1, its HTTP API listening", said is None and len(ready) == 1 and daemon.alive()
              and "HTTP API listening" in daemon.log(), said or daemon.notifications)
        check("wait_for sees a flip land", daemon.wait_for("flip done", 10), daemon.log()[-500:])
        status = daemon.stop()
        check("stop: SIGTERM, exit status 0, STOPPING=1 sent", status == 0 and "STOPPING=1\nSTATUS=stopping" in daemon.notifications,
              f"status {status}, {daemon.notifications}")
        check("started again in the same folder, one log", failure(daemon, 60) is None and daemon.stop() == 0
              and daemon.log().count("first frame presented") == 2, daemon.log()[-500:])

    # Ten times: the daemon's output ends a moment before the process does, and a start once took
    # that moment for a daemon still running (one in three).
    with Flipclockd(args.binary, '[clock]\nformat = 3\n') as daemon:
        said = [failure(daemon, 60) or "" for _ in range(10)]
        wrong = [s for s in said if not s.startswith("flipclockd exited with status 78 before READY=1")
                 or "flipclock.toml:2:10: clock.format: expected a string, found an integer" not in s]
        check("a configuration error, ten starts: each names the exit status and the log's line", not wrong, wrong[:1])

    # Forty times: SIGKILL, the process reaped by the test (as the Home Assistant test's kill
    # does), started again at once. The last run's watcher, marking its run ended a moment
    # late, once made a start give up on the new daemon before it said a thing (1 in 30).
    with Flipclockd(args.binary, config) as daemon:
        said = [failure(daemon, 60)]
        for _ in range(40):
            daemon.signal(SIGKILL)
            daemon.process.wait(10)
            said.append(failure(daemon, 60))
        wrong = [s for s in said if s]
        check("killed and reaped, then started at once, 40 times: each start ready", not wrong, wrong[:1])

    # sh in place of the daemon: it says nothing to the notify socket, and ignores SIGTERM.
    silent = ["sh", "-c", "trap '' TERM; echo waiting; while :; do sleep 1; done", "sh"]
    with Flipclockd(args.binary, "", prefix=silent) as daemon:
        said = failure(daemon, 1) or ""
        check("no READY=1: the start fails at its bound, naming it and the log's tail",
              said.startswith("flipclockd did not send READY=1 within 1 s") and said.endswith("waiting\n"), said)
        check("... and the process is stopped, SIGKILL after the grace", not daemon.alive() and daemon.stop() == -9,
              f"alive {daemon.alive()}, status {daemon.wait(1)}")

    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""What the Python system tests share besides the daemon (flipclockd.py): the report their checks
are counted and printed in, and free loopback ports."""
import socket


class Report:
    """Checks counted and printed as they are made, one a line, `PREFIX: NAME ok (detail)` or
    `PREFIX: NAME FAILED (detail)`; `summary()` is the last line, `N passed, M failed`. Without
    `ok_details` a passing check's detail is left out (where details are logs)."""

    def __init__(self, prefix, ok_details=True):
        self.prefix, self.ok_details, self.passed, self.failed = prefix, ok_details, 0, 0

    def check(self, name, ok, detail=""):
        """Counts and prints one check; returns whether it passed."""
        shown = detail if detail and (self.ok_details or not ok) else ""
        print(f"{self.prefix}: {name} {'ok' if ok else 'FAILED'}" + (f" ({shown})" if shown else ""), flush=True)
        self.passed += bool(ok)
        self.failed += not ok
        return bool(ok)

    def summary(self):
        return f"{self.passed} passed, {self.failed} failed"


def free_ports(count):
    """`count` TCP ports on 127.0.0.1 that nothing listened on a moment ago, all different."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()

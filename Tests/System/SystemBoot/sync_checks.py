"""The boot test's checks of the time's synchronisation under the unit as shipped: the guest
has no network and no NTP daemon, so `timesync` (timesync.c, built on the host and carried on
the package disk) stands in for one. Installed before the package with a unit that marks the
kernel's clock synchronised at each boot (so the screen checks see no mark), then: the clock
stepped to a wrong time (`date -s`, which leaves the kernel unsynchronised, STA_UNSYNC and
maxerror 16 s) is said by `flipclockctl status` and the journal; stepped back and marked
synchronised, both say so within the daemon's 2 s look."""
import re
import time

STAND_IN = "/etc/systemd/system/timesync.service"
STAND_IN_UNIT = """[Unit]
Description=The boot test's stand-in for NTP: the kernel's clock marked synchronised
DefaultDependencies=no
Before=sysinit.target flipclockd.service

[Service]
Type=oneshot
ExecStart=/usr/local/bin/timesync sync

[Install]
WantedBy=sysinit.target"""
UNSYNCED = "the time is not synchronised (adjtimex: STA_UNSYNC, maxerror 16.000 s): the clock shows a mark until it is"
# maxerror 10 ms as timesync set it, and the kernel's 0.5 ms a second since.
SYNCED = re.compile(r"the time is synchronised \(maxerror 0\.0[1-4]\d s\)")


class SyncChecks:
    """Mixed into Checks: the same guest, face and helpers."""

    sync_names = [
        ("a wrong, unsynchronised clock is said by status and the journal, then its synchronisation", "time_sync"),
    ]

    def stand_in_ntp(self):
        """Installs timesync from the mounted package disk (/mnt) and marks the clock synchronised
        now and at each boot; the output of the first `timesync sync`."""
        g = self.guest
        g.sh("install -m 755 /mnt/timesync /usr/local/bin/timesync", timeout=30)
        g.write(STAND_IN, STAND_IN_UNIT)
        return g.out_of("systemctl daemon-reload && systemctl enable --now timesync.service >/dev/null 2>&1; /usr/local/bin/timesync")

    def status_line(self):
        return self.guest.out_of("flipclockctl status", timeout=20)

    def said(self, cursor, text):
        """flipclockd's lines since `cursor` holding `text` (a string, or a pattern)."""
        found = text.search if isinstance(text, re.Pattern) else (lambda m: text in m)
        return [m for _, c, m in self.unit_lines(cursor) if c == "flipclockd" and found(m)]

    def time_sync(self):
        g = self.guest
        before = self.status_line()
        cursor = g.cursor()
        right = int(g.out_of("date +%s"))
        # Three days back: a Pi started after a power cut, at its last saved time.
        g.sh(f"date -s @{right - 3 * 86400} >/dev/null")
        kernel_unsynced = g.out_of("/usr/local/bin/timesync")
        started = time.monotonic()
        unsynced = g.wait(lambda: (lambda s: s if "time_synced=false" in s else None)(self.status_line()), 10) or self.status_line()
        took_unsynced = time.monotonic() - started
        said_unsynced = g.wait(lambda: self.said(cursor, UNSYNCED), 5) or []
        # The right time again, then synchronised (a step leaves the kernel unsynchronised).
        now = int(g.out_of("date +%s")) + 3 * 86400
        g.sh(f"date -s @{now} >/dev/null")
        kernel_synced = g.out_of("/usr/local/bin/timesync sync")
        started = time.monotonic()
        synced = g.wait(lambda: (lambda s: s if "time_synced=true" in s else None)(self.status_line()), 10) or self.status_line()
        took_synced = time.monotonic() - started
        said_synced = g.wait(lambda: self.said(cursor, SYNCED), 5) or []
        ok = ("time_synced=true" in before and "time_synced=false" in unsynced and len(said_unsynced) == 1
              and "time_synced=true" in synced and len(said_synced) == 1)
        return ok, (f"before: {before[:40]}; stepped back 3 days (kernel: {kernel_unsynced}): {unsynced[:40]} after {took_unsynced:.1f} s,"
                    f" said {len(said_unsynced)}x; stepped back and synchronised (kernel: {kernel_synced}): {synced[:40]}"
                    f" after {took_synced:.1f} s, said {len(said_synced)}x"
                    + ("" if ok else f"; journal: {self.tail(self.unit_lines(cursor))}"))

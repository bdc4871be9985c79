"""The boot test's checks of the horn's relay under the unit as shipped, on the same booted
guest. Debian's kernels (6.1 and 6.12) have neither gpio-sim nor gpio-mockup
(CONFIG_GPIO_SIM and CONFIG_GPIO_MOCKUP are not set), so the GPIO chip is the kernel's own
hid-cp2112 driver on a CP2112 played through uhid (`cp2112`, cp2112.c, built on the host and
carried on the package disk), which logs each level the driver sets with the guest's monotonic
time: what a relay on the pin would see. The package's udev rule gives the chip to the gpio
group; the daemon finds it by its label, requests line 3 active low, and a game run to zero
holds it active for [horn] seconds; after kill -9 mid-horn the restarted daemon takes it
inactive; without access to the chip the clock runs on, says so once naming the device and
errno, and takes the line at the next horn once it may."""

CONFIG = "/etc/flipclock/flipclock.toml"
LINE = 3
GAME = """
[game]
periods = 4
period = "10:00"
"""


def horn(seconds, chip="cp2112_gpio"):
    """[horn] on the CP2112's line 3, active low, found by the chip's label (or `chip`)."""
    return f'\n[horn]\nseconds = {seconds}\ngpio_chip = "{chip}"\ngpio_line = {LINE}\nactive_low = true\n'


class HornChecks:
    """Mixed into Checks: the same guest, face and helpers."""

    horn_names = [
        ("a CP2112 through uhid is a GPIO chip of the gpio group (no gpio-sim in Debian's kernels)", "horn_chip"),
        ("a game at zero holds the relay's line active for [horn] seconds", "horn_relay"),
        ("kill -9 while the horn sounds: the restarted daemon takes the line inactive", "horn_kill"),
        ("a chip it may not open: said once with device and errno, the clock runs, taken at the next horn once allowed", "horn_no_access"),
        ("without [horn]: the face as shipped, running", "horn_restored"),
    ]

    def levels(self, after=0):
        """The emulator's log from line `after` on: (monotonic seconds, the line active, an output)."""
        rows = []
        for line in self.guest.out_of(f"tail -n +{after + 1} /tmp/cp2112.log").splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[0] == "gpio":
                level, output = int(parts[1], 16) >> LINE & 1, int(parts[2], 16) >> LINE & 1
                rows.append((float(parts[3]), level == 0, output == 1))
        return rows

    def log_length(self):
        return int(self.guest.out_of("wc -l < /tmp/cp2112.log"))

    @staticmethod
    def edges(rows):
        """(instant, active) at each change of the line, the first row's state included."""
        out = []
        for t, active, _ in rows:
            if not out or out[-1][1] != active:
                out.append((t, active))
        return out

    def daemon_lines(self, cursor, pid, words):
        """(guest monotonic seconds, message) of process `pid`'s lines with `words`, after `cursor`:
        writing the file reloads the running daemon before a restart replaces it."""
        entries = self.guest.journal("-u flipclockd.service", f"--after-cursor='{cursor}'")
        return [(int(e["__MONOTONIC_TIMESTAMP"]) / 1e6, str(e.get("MESSAGE"))) for e in entries
                if e.get("_PID") == pid and words in str(e.get("MESSAGE", ""))]

    def play_to_zero(self, left):
        return self.guest.out_of(f"flipclockctl game new && flipclockctl game set {left} && flipclockctl game start", timeout=20)

    def horn_chip(self):
        g = self.guest
        g.sh("modprobe uhid && modprobe hid-cp2112 && mount -o ro /dev/vdb /mnt && install -m 755 /mnt/cp2112 /usr/local/bin/cp2112;"
             " umount /mnt", timeout=30)
        g.sh("setsid -f /usr/local/bin/cp2112 >/tmp/cp2112.log 2>/tmp/cp2112.err </dev/null")
        find = "for d in /sys/bus/gpio/devices/gpiochip*; do readlink -f $d | grep -q ':10C4:EA90' && basename $d; done"
        self.chip = g.wait(lambda: g.out_of(find), 15)
        node = g.out_of(f"udevadm settle; stat -c '%U:%G %a' /dev/{self.chip}") if self.chip else "no chip"
        kernel = g.out_of("uname -r")
        ok = bool(self.chip) and node == "root:gpio 660"
        why = "" if ok else "; " + g.out_of("dmesg | grep -i -E 'cp2112|uhid|hid-generic' | tail -n 4; cat /tmp/cp2112.err")
        return ok, f"{self.chip or 'no chip'} {node}; kernel {kernel}{why}"

    def horn_relay(self):
        g = self.guest
        g.write(CONFIG, self.face + GAME + horn(1.5))
        cursor = g.cursor()
        self.restart()
        s = self.wait_running(60)
        pid = s.get("MainPID")
        taken = g.wait(lambda: self.daemon_lines(cursor, pid, "horn relay taken"), 15)
        start = self.levels()
        at_rest = bool(start) and start[-1][2] and not start[-1][1]
        n = self.log_length()
        played = self.play_to_zero("0:02")
        g.wait(lambda: len(self.edges(self.levels(n))) >= 2, 15)
        g.sh("sleep 1")
        edges = self.edges(self.levels(n))
        horns = self.daemon_lines(cursor, pid, "horn clock=game")
        held = edges[1][0] - edges[0][0] if len(edges) >= 2 and edges[0][1] and not edges[1][1] else None
        ok = (s.get("SubState") == "running" and len(taken) == 1 and at_rest and held is not None and abs(held - 1.5) <= 0.15
              and len(edges) == 2 and len(horns) == 1)
        return ok, (f"{taken[0][1] if taken else 'not taken'}; at rest inactive {at_rest};"
                    f" line {LINE} active {'never' if held is None else f'{held:.3f} s'}"
                    f" for seconds = 1.5; edges {[(round(t, 3), a) for t, a in edges]}; {len(horns)} horn line(s) {horns[:1]}"
                    + ("" if ok else f"; played: {played}; journal: {self.tail(self.unit_lines(cursor))}"))

    def horn_kill(self):
        g = self.guest
        self.reload_with(self.face + GAME + horn(10))
        cursor = g.cursor()
        before = self.state()
        n = self.log_length()
        played = self.play_to_zero("0:02")
        # As soon as the line is active, kill -9 the daemon; the guest's uptime is the emulator's clock.
        killed = g.out_of(
            f"timeout 15 sh -c 'until tail -n +{n + 1} /tmp/cp2112.log"
            f" | while read w l o t; do [ $((0x$l & {1 << LINE})) -eq 0 ] && echo x; done | grep -q x;"
            f" do sleep 0.02; done'; kill -9 {before.get('MainPID')}; cut -d' ' -f1 /proc/uptime", timeout=30)
        after = g.wait(lambda: (lambda s: s if s.get("SubState") == "running" and s.get("MainPID") not in ("0", before.get("MainPID")) else None)(
            self.state()), 30) or self.state()
        taken = g.wait(lambda: self.daemon_lines(cursor, after.get("MainPID"), "horn relay taken"), 30)
        g.sh("sleep 2")
        edges = self.edges(self.levels(n))
        kill_at = float(killed.split()[-1]) if killed else 0
        # Active, still active after the kill (the kernel keeps a line's level), inactive when the
        # new daemon takes it, before the horn's 10 s were up; no horn sounded again.
        ok = (len(edges) == 2 and edges[0][1] and not edges[1][1] and edges[0][0] <= kill_at < edges[1][0] and edges[1][0] - edges[0][0] < 10
              and len(taken) == 1 and abs(edges[1][0] - taken[0][0]) < 1 and int(after.get("NRestarts", 0)) == int(before.get("NRestarts", 0)) + 1)
        span = (f"active at {edges[0][0]:.2f}, killed at {kill_at:.2f}, inactive at {edges[1][0]:.2f} ({edges[1][0] - kill_at:.2f} s after the kill,"
                f" {edges[1][0] - edges[0][0]:.2f} s of a 10 s horn)" if len(edges) == 2 else f"edges {edges}")
        return ok, (f"{span}; the new daemon took it at {taken[0][0] if taken else 'never'}; MainPID {before.get('MainPID')}→{after.get('MainPID')},"
                    f" NRestarts {before.get('NRestarts')}→{after.get('NRestarts')}"
                    + ("" if ok else f"; played: {played}; journal: {self.tail(self.unit_lines(cursor))}"))

    def horn_no_access(self):
        g = self.guest
        g.sh(f"chmod 0600 /dev/{self.chip}")
        pid = self.state().get("MainPID")
        cursor = g.cursor()
        # Saved, the file reloads the running daemon: it lets the label's line go and cannot take gpiochipN.
        g.write(CONFIG, self.face + GAME + horn(1.5, chip=self.chip))
        g.wait(lambda: self.daemon_lines(cursor, pid, "configuration reloaded"), 20)
        g.sh("timeout 20 systemctl reload flipclockd.service", timeout=30)
        n = self.log_length()
        # A horn, and its end, while it may not: tried again, not said again.
        played = self.play_to_zero("0:01")
        first = g.wait(lambda: self.daemon_lines(cursor, pid, "horn clock=game"), 15)
        g.sh("sleep 2.5")
        said = self.daemon_lines(cursor, pid, "cannot drive the horn's relay")
        quiet = self.edges(self.levels(n))
        running = self.state()
        # Allowed again (as the udev rule has it): the next horn takes the line and sounds.
        g.sh(f"chmod 0660 /dev/{self.chip}")
        n = self.log_length()
        played += " | " + self.play_to_zero("0:01")
        edges = g.wait(lambda: (lambda e: e if len(e) >= 3 else None)(self.edges(self.levels(n))), 20) or self.edges(self.levels(n))
        taken = self.daemon_lines(cursor, pid, "horn relay taken")
        named = len(said) == 1 and f"/dev/{self.chip}" in said[0][1] and "Permission denied" in said[0][1]
        ok = (named and bool(first) and not quiet and running.get("SubState") == "running" and running.get("MainPID") == pid
              and len(taken) == 1 and [a for _, a in edges][-2:] == [True, False])
        return ok, (f"said {len(said)}x over two reloads and a horn: {[m for _, m in said[:1]]}; a horn while denied moved the line: {bool(quiet)};"
                    f" {self.describe(running)}, pid {pid}→{running.get('MainPID')}; allowed again: {[m for _, m in taken[:1]]},"
                    f" edges {[(round(t, 3), a) for t, a in edges]}"
                    + ("" if ok else f"; played: {played}; journal: " + g.out_of(
                        f"journalctl -u flipclockd.service --after-cursor='{cursor}' -o short-monotonic --no-pager"
                        " | grep -v 'flip done' | tail -n 40 | cut -c1-220")))

    def horn_restored(self):
        g = self.guest
        g.write(CONFIG, self.face)
        self.restart()
        s = self.wait_running(60)
        g.sh("pkill -x cp2112 || true")
        return s.get("SubState") == "running", self.describe(s)

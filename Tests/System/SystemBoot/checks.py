"""The boot test's checks, in the order they run on one booted guest: install the .deb with
apt, then look at the service as systemd runs it, the screen, the journal and the console."""
import re
import time

from horn_checks import HornChecks
from http_checks import HTTPChecks
from keypad_checks import KeypadChecks
from mqtt_checks import MQTTChecks
from sync_checks import SyncChecks

CONFIG = "/etc/flipclock/flipclock.toml"
# A changed face for the reload: the defaults with a label under the cards.
CHANGED = '[clock]\nformat = "HH:MM"\nlabel = "RELOADED"\n'
# A face whose seconds flip: a page flip is under way within a second of any start.
SECONDS = '[clock]\nformat = "HH:MM:SS"\n'
# A watchdog short enough to be missed within a check (the unit ships 30 s).
SHORT_WATCHDOG = ("/run/systemd/system/flipclockd.service.d/50-short-watchdog.conf", "[Service]\nWatchdogSec=5")
# The changed face with a mistake on line 4, column 14 (a string where a number goes).
BROKEN = CHANGED + 'hour_cycle = "twenty-four"\n'
# A valid file naming a display that is not there.
MISSING = CHANGED + '\n[output]\nkind = "drm"\ndevice = "/dev/dri/card9"\n'
# For the survey of what the Swift runtime calls: no filter, and every call the shipped filter
# (@system-service less @privileged and @resources) would deny logged (SECCOMP_RET_LOG).
SURVEY = """[Service]
SystemCallFilter=
SystemCallLog=~@system-service
SystemCallLog=@privileged @resources"""
SURVEY_DROP_IN = "/etc/systemd/system/flipclockd.service.d/50-syscall-survey.conf"


class Checks(HTTPChecks, MQTTChecks, KeypadChecks, HornChecks, SyncChecks):
    """Each check method returns (ok, detail); `names` is their order."""

    def __init__(self, guest, shipped_config, unit_sha256, deb_name, survey=False, syscall_names=None):
        self.guest, self.unit_sha256, self.deb_name = guest, unit_sha256, deb_name
        self.survey, self.syscall_names = survey, syscall_names or {}
        self.face = shipped_config  # what the screen should show now
        self.boot_seconds = None
        self.config_error_window = (0, 0)  # guest µs while the broken file was in place

    names = [
        ("boots to the agent", "boots"),
        ("apt-get install of the .deb", "install"),
        ("postinst enabled the unit and started it", "enabled"),
        ("unit exactly as shipped", "shipped"),
        ("active (running) after READY=1", "active"),
        ("screen shows the preview", "screen"),
        ("journal priorities", "priorities"),
        ("VT round trip before reload", "round_trip"),
        ("reload shows the new face", "reload"),
        ("VT round trip after reload", "round_trip"),
        ("reload with a broken config keeps the face and logs file:line:col", "broken_reload"),
        ("VT round trip longer than WatchdogSec", "long_round_trip"),
        ("flipclockctl status as member", "member"),
        ("flipclockctl status refused for stranger", "stranger"),
        *SyncChecks.sync_names,
        ("restarted while tty2 is shown: answers, feeds the watchdog, draws on tty1", "restart_away"),
        ("watchdog restarts a stopped daemon", "watchdog"),
        ("a configuration error exits 78 and is not restarted", "config_error"),
        ("a missing display is retried, not 78", "missing_display"),
        ("exit 78 only on a configuration error (whole journal)", "exits_78"),
        ("after a reboot the driver udev loads late carries the clock (drm)", "reboot"),
        *HTTPChecks.http_names,
        *MQTTChecks.mqtt_names,
        *KeypadChecks.keypad_names,
        ("no seccomp or permission denial in the journal", "denials"),
        # After the denials: one of them denies the daemon its GPIO chip on purpose.
        *HornChecks.horn_names,
        ("systemctl restart (three times) starts no login prompt on tty1 between", "restart_getty"),
        ("systemctl stop gives tty1 a login prompt", "stop"),
        ("apt-get purge removes it and gives tty1 back", "purge"),
    ]

    # --- helpers ---
    def state(self):
        return self.guest.show("flipclockd.service", "ActiveState", "SubState", "MainPID", "NRestarts", "Result", "StatusText", "ExecMainStatus")

    def restart(self):
        """The unit started again after a change to its drop-ins or configuration."""
        self.guest.sh("systemctl daemon-reload && timeout 60 systemctl restart flipclockd.service", timeout=90)

    def wait_running(self, timeout=60):
        return self.guest.wait(lambda: (lambda s: s if s.get("SubState") == "running" else None)(self.state()), timeout) or self.state()

    def describe(self, s):
        return (f"{s.get('ActiveState')}/{s.get('SubState')} result={s.get('Result')} NRestarts={s.get('NRestarts')}"
                f" status={s.get('ExecMainStatus')} text='{s.get('StatusText')}'")

    def unit_lines(self, cursor=None):
        """flipclockd's and systemd's lines about the unit, after `cursor`."""
        after = f"--after-cursor='{cursor}'" if cursor else ""
        entries = self.guest.journal("-u flipclockd.service", after)
        return [(e.get("PRIORITY"), e.get("_COMM", e.get("SYSLOG_IDENTIFIER", "?")), str(e.get("MESSAGE"))) for e in entries]

    def tail(self, lines, n=6):
        return " | ".join(f"<{p}>{c}: {m}" for p, c, m in lines[-n:])

    def reload_with(self, config):
        self.guest.write(CONFIG, config)
        return self.guest.sh("timeout 20 systemctl reload flipclockd.service", timeout=30)

    def console(self):
        """(active VT, whether tty1 shows a login prompt, getty@tty1's state)."""
        vt = self.guest.out_of("fgconsole")
        text = self.guest.out_of("cat /dev/vcs1 | tr -s ' ' | tail -c 300")
        getty = self.guest.out_of("systemctl is-active getty@tty1.service")
        return vt, "login:" in text, getty

    # --- checks ---
    def boots(self):
        self.boot_seconds = self.guest.agent.wait_ready(300)
        running = self.guest.out_of("systemctl is-system-running --wait", timeout=120)
        return True, f"agent answered {self.boot_seconds:.0f} s after qemu started; system {running}"

    def install(self):
        started = time.monotonic()
        self.guest.sh("mount -o ro /dev/vdb /mnt", timeout=30)
        # Before the package: the daemon's first look finds the clock synchronised.
        ntp = self.stand_in_ntp()
        status, out = self.guest.sh(
            f"cp /mnt/{self.deb_name} /root/ && umount /mnt && "
            f"DEBIAN_FRONTEND=noninteractive apt-get install -y /root/{self.deb_name}", timeout=300)
        took = time.monotonic() - started
        # The group comes with the package: the users are made after it.
        self.guest.sh("useradd -m -G flipclock member; useradd -m stranger")
        if self.survey:
            self.guest.write(SURVEY_DROP_IN, SURVEY)
            self.guest.sh("systemctl daemon-reload && timeout 60 systemctl restart flipclockd.service", timeout=90)
        last = [line for line in out.splitlines() if line.strip()][-3:]
        return status == 0, f"status {status} in {took:.0f} s (timesync: {ntp}): " + " | ".join(last)

    def enabled(self):
        enabled = self.guest.out_of("systemctl is-enabled flipclockd.service")
        s = self.wait_running(60)
        return enabled == "enabled" and s.get("ActiveState") in ("active", "activating", "reloading"), f"is-enabled {enabled}; {self.describe(s)}"

    def shipped(self):
        s = self.guest.show("flipclockd.service", "FragmentPath", "DropInPaths")
        sha = self.guest.out_of(f"sha256sum {s.get('FragmentPath')} | cut -d' ' -f1")
        ok = sha == self.unit_sha256 and s.get("DropInPaths", "") == ""
        return ok, (f"{s.get('FragmentPath')} sha256 {sha[:12]} ({'same as' if sha == self.unit_sha256 else 'NOT'} the .deb's),"
                    f" drop-ins '{s.get('DropInPaths')}'")

    def active(self):
        s = self.wait_running(60)
        status = self.guest.out_of("systemctl status flipclockd.service --no-pager -n 0 | grep 'Active:'")
        lines = self.unit_lines()
        ready = any("first frame presented" in m for _, _, m in lines)
        ok = "active (running)" in status and s.get("NRestarts") == "0" and ready
        return ok, f"{status.strip()}; {self.describe(s)}; first frame logged: {ready}" + ("" if ok else f"; journal: {self.tail(lines)}")

    def screen(self):
        ok, detail, _ = self.guest.screen_is(self.face, "shipped-face")
        return ok, detail

    def priorities(self):
        lines = [(p, m) for p, c, m in self.unit_lines() if c == "flipclockd"]
        raw = [m for _, m in lines if re.match(r"<\d>", m)]
        want = {"running": "6", "first frame presented": "6"}
        found = {k: next((p for p, m in lines if m.startswith(k)), None) for k in want}
        ok = bool(lines) and not raw and found == want
        return ok, f"{len(lines)} lines from flipclockd; priorities {found} (want {want}); unparsed prefixes {len(raw)}"

    def round_trip(self, away=3):
        """tty1 → tty2 → tty1: the console shows on tty2, the clock comes back on tty1."""
        cursor = self.guest.cursor()
        status, out = self.guest.sh("timeout 10 chvt 2; echo $?; fgconsole", timeout=20)
        time.sleep(1.5)
        pixels, _ = self.guest.clock_gone("on-tty2", self.face)
        time.sleep(max(0, away - 1.5))
        back, _ = self.guest.sh("timeout 10 chvt 1; echo $?", timeout=20)
        ok, detail, _ = self.guest.screen_is(self.face, "back-on-tty1")
        lines = self.unit_lines(cursor)
        said = []
        for _, c, m in lines:
            m = m.split(" terminal=")[0]
            if c == "flipclockd" and ("console" in m or "master" in m.lower()) and m not in said[-1:]:
                said.append(m)
        chvt = out.split()
        ok = ok and chvt[:2] == ["0", "2"] and pixels == 0
        return ok, f"chvt 2 status/fgconsole {chvt}, clock pixels on tty2 {pixels}; back on tty1: {detail}; daemon said {said}" + (
            "" if ok else f"; journal: {self.tail(lines)}")

    def long_round_trip(self):
        watchdog = int(self.guest.show("flipclockd.service", "WatchdogUSec").get("WatchdogUSec", "30s").rstrip("s") or 30)
        before = self.state()
        ok, detail = self.round_trip(away=watchdog + 5)
        after = self.state()
        same = before.get("MainPID") == after.get("MainPID")
        return ok and same, f"away {watchdog + 5} s (WatchdogSec {watchdog}); MainPID {before.get('MainPID')}→{after.get('MainPID')}; {detail}"

    def reload(self):
        pid = self.state().get("MainPID")
        cursor = self.guest.cursor()
        started = time.monotonic()
        status, out = self.reload_with(CHANGED)
        took = time.monotonic() - started
        self.face = CHANGED
        ok, detail, _ = self.guest.screen_is(self.face, "reloaded")
        s = self.state()
        said = [m for _, c, m in self.unit_lines(cursor) if c == "flipclockd"]
        ok = ok and status == 0 and s.get("MainPID") == pid and s.get("SubState") == "running"
        return ok, f"systemctl reload status {status} in {took:.1f} s; {detail}; {self.describe(s)}; daemon said {said[:3]}"

    def broken_reload(self):
        pid = self.state().get("MainPID")
        cursor = self.guest.cursor()
        status, _ = self.reload_with(BROKEN)
        time.sleep(2)
        lines = self.unit_lines(cursor)
        errors = [(p, m) for p, c, m in lines if c == "flipclockd" and re.search(re.escape(CONFIG) + r":\d+:\d+", m)]
        s = self.state()
        ok_screen, detail, _ = self.guest.screen_is(self.face, "after-broken-reload")
        ok = bool(errors) and all(p == "3" for p, _ in errors) and s.get("MainPID") == pid and s.get("SubState") == "running" and ok_screen
        # Put the changed face back for what follows.
        self.reload_with(CHANGED)
        return ok, (f"logged {errors[:1] or 'no line naming ' + CONFIG + ':LINE:COL'}; StatusText '{s.get('StatusText')}';"
                    f" {self.describe(s)}; {detail}") + (
            "" if ok else f"; journal: {self.tail(lines)}")

    def member(self):
        status, out = self.guest.sh("runuser -u member -- flipclockctl status", timeout=20)
        socket = self.guest.out_of("stat -c '%A %U:%G %n' /run/flipclock/*.sock 2>&1")
        return status == 0, f"status {status}: {' | '.join(out.strip().splitlines()[:3])}; socket {socket}"

    def stranger(self):
        status, out = self.guest.sh("runuser -u stranger -- flipclockctl status", timeout=20)
        refused = status != 0 and re.search(r"[Pp]ermission denied|not allowed|EACCES", out) is not None
        return refused, f"status {status}: {' | '.join(out.strip().splitlines()[:2])}"

    def restart_away(self):
        """Reloaded and restarted while tty2 is shown, with seconds that flip and a 5 s watchdog:
        the new daemon draws nothing over tty2, answers `flipclockctl status` within 2 s before and
        after the watchdog's interval, is not killed by it, and draws again back on tty1."""
        g = self.guest
        g.write(*SHORT_WATCHDOG)
        g.sh("systemctl daemon-reload && timeout 10 chvt 2", timeout=30)
        cursor = g.cursor()
        g.write(CONFIG, SECONDS)
        g.sh("timeout 20 systemctl reload flipclockd.service; timeout 60 systemctl restart flipclockd.service", timeout=90)
        before = self.wait_running(30)
        answers = []
        for wait in (2, 6):  # past a second's flip, then past the 5 s watchdog
            time.sleep(wait)
            started = time.monotonic()
            status, _ = g.sh("timeout 2 runuser -u member -- flipclockctl status >/dev/null", timeout=20)
            answers.append(f"status {status} in {time.monotonic() - started:.1f} s")
        pixels, _ = g.clock_gone("restarted-on-tty2", SECONDS)
        after = self.state()
        g.sh("timeout 10 chvt 1", timeout=20)
        # Back on tty1, the face the other checks expect: drawn again only if the display came back.
        self.reload_with(self.face)
        ok_screen, detail, _ = g.screen_is(self.face, "restarted-back-on-tty1")
        g.sh(f"rm {SHORT_WATCHDOG[0]} && systemctl daemon-reload", timeout=30)
        lines = self.unit_lines(cursor)
        killed = [m for _, c, m in lines if c == "systemd" and "atchdog" in m]
        said = [m.split(" terminal=")[0] for _, c, m in lines if c == "flipclockd" and "console" in m]
        same = before.get("MainPID") not in (None, "0") and after.get("MainPID") == before.get("MainPID")
        ok = all(a.startswith("status 0 ") for a in answers) and same and not killed and pixels == 0 and ok_screen
        return ok, (f"{', '.join(answers)}; MainPID {before.get('MainPID')}→{after.get('MainPID')}; clock pixels on tty2 {pixels};"
                    f" systemd said {killed[:1]}; daemon said {said}; back on tty1: {detail}") + (
            "" if ok else f"; journal: {self.tail(lines)}")

    def watchdog(self):
        """A drop-in with WatchdogSec=5 (for this check only), the daemon stopped with SIGSTOP:
        systemd must kill it and start it again."""
        g = self.guest
        g.write(*SHORT_WATCHDOG)
        g.sh("systemctl daemon-reload && timeout 60 systemctl restart flipclockd.service", timeout=90)
        before = self.wait_running(60)
        cursor = g.cursor()
        pid = before.get("MainPID")
        if not pid or pid == "0":
            g.sh("rm -r /run/systemd/system/flipclockd.service.d && systemctl daemon-reload", timeout=30)
            return False, f"no main process to stop: {self.describe(before)}"
        g.sh(f"kill -STOP {pid}")
        after = g.wait(lambda: (lambda s: s if s.get("SubState") == "running" and s.get("MainPID") not in ("0", pid) else None)(self.state()),
                       60) or self.state()
        lines = self.unit_lines(cursor)
        timeout = [m for _, c, m in lines if "atchdog" in m]
        ok_screen, detail, _ = g.screen_is(self.face, "after-watchdog")
        g.sh("rm -r /run/systemd/system/flipclockd.service.d && systemctl daemon-reload"
             " && timeout 60 systemctl restart flipclockd.service", timeout=90)
        back = self.wait_running(60)
        ok = (int(after.get("NRestarts", 0)) > int(before.get("NRestarts", 0)) and after.get("MainPID") not in ("0", pid) and bool(timeout)
              and ok_screen)
        return ok, (f"pid {pid} stopped; NRestarts {before.get('NRestarts')}→{after.get('NRestarts')}, MainPID→{after.get('MainPID')};"
                    f" systemd said {timeout[:2]}; {detail}; shipped unit again: {self.describe(back)}") + (
            "" if ok else f"; journal: {self.tail(lines)}")

    def config_error(self):
        g = self.guest
        started = int(g.out_of("date +%s%6N"))
        g.write(CONFIG, BROKEN)
        cursor = g.cursor()
        g.sh("timeout 60 systemctl restart flipclockd.service", timeout=90)
        time.sleep(8)  # RestartSec=2: a restart would have come by now
        s = self.state()
        lines = self.unit_lines(cursor)
        exits = [m for _, c, m in lines if "status=" in m]
        g.write(CONFIG, self.face)
        self.config_error_window = (started, int(g.out_of("date +%s%6N")))
        g.sh("timeout 60 systemctl restart flipclockd.service", timeout=90)
        back = self.wait_running(60)
        ok = s.get("ActiveState") == "failed" and any("status=78" in m for m in exits) and s.get("NRestarts") == "0"
        return ok, f"{self.describe(s)}; systemd said {exits[:2]}; good config again: {self.describe(back)}"

    def missing_display(self):
        g = self.guest
        g.write(CONFIG, MISSING)
        cursor = g.cursor()
        g.sh("timeout 20 systemctl restart flipclockd.service", timeout=30)
        time.sleep(10)
        s = self.state()
        lines = self.unit_lines(cursor)
        exits = [m for _, c, m in lines if "status=" in m]
        retries = [m for _, c, m in lines if c == "flipclockd" and "retrying" in m]
        g.write(CONFIG, self.face)
        g.sh("timeout 60 systemctl restart flipclockd.service", timeout=90)
        back = self.wait_running(60)
        ok_screen, detail, _ = g.screen_is(self.face, "after-missing-display")
        ok = not any("status=78" in m for m in exits) and s.get("ActiveState") != "failed" and bool(retries) and ok_screen
        return ok, (f"{self.describe(s)}; retries logged {len(retries)} {retries[:1]}; exits {exits[:2]};"
                    f" display back: {self.describe(back)}, {detail}")

    def exits_78(self):
        """Exit 78 (EX_CONFIG) in the whole journal only while the broken file was in place."""
        a, b = self.config_error_window
        exits = [(int(e["__REALTIME_TIMESTAMP"]), str(e.get("MESSAGE"))) for e in self.guest.journal("-u flipclockd.service")
                 if "status=78" in str(e.get("MESSAGE", ""))]
        others = [m for t, m in exits if not a <= t <= b]
        return not others, f"{len(exits) - len(others)} with the broken file, {len(others)} otherwise" + (
            f": {others[:2]}" if others else "")

    def reboot(self):
        g = self.guest
        g.sh("(sleep 1; systemctl reboot) >/dev/null 2>&1 &", timeout=10)
        seconds = g.agent.wait_ready(300)
        # Waiting for its display the service is already up (READY=1, "waiting for a display"
        # in its status): wait for it to show the time.
        s = g.wait(lambda: (lambda s: s if s.get("StatusText", "").startswith("showing the time") else None)(self.state()), 120) or self.state()
        boot = g.journal("-b", "-u flipclockd.service")
        running = [str(e.get("MESSAGE")) for e in boot if str(e.get("MESSAGE", "")).startswith("running")]
        fallback = [str(e.get("MESSAGE")) for e in boot if re.search(r"PNG|framebuffer", str(e.get("MESSAGE", "")))]
        # When the driver came (udev, from the disk) against when the unit started.
        driver = g.out_of("journalctl -b -k -o short-monotonic --no-pager | grep -m1 -E '\\[drm\\] Initialized' | cut -c1-90; "
                          "ls /dev/dri | tr '\\n' ' '; lsmod | grep -o -E '^(bochs|virtio_gpu)'")
        first = g.out_of("journalctl -b -o short-monotonic --no-pager -u flipclockd.service | grep -m1 Starting | cut -c1-90")
        ok_screen, detail, _ = g.screen_is(self.face, "after-reboot")
        ok = s.get("SubState") == "running" and bool(running) and "output=/dev/dri/card" in running[-1] and not fallback and ok_screen
        return ok, (f"agent back {seconds:.0f} s after reboot; driver: {' '.join(driver.split())}; unit: {first.strip()};"
                    f" daemon said {running[-1:] or 'no running line'}; fallbacks {fallback[:1]}; {self.describe(s)}; {detail}")

    def denials(self):
        # Seccomp's kills (code=0x80000000), not the survey's logged calls (code=0x7ffc0000).
        text = self.guest.out_of(
            "journalctl --no-pager -o short-monotonic"
            " | grep -E 'type=1326|SECCOMP auid=|status=31/SYS|flipclockd.*(Permission denied|Operation not permitted)'"
            " | grep -v 'code=0x7ffc0000' | head -n 6", timeout=90)
        return text == "", text.replace("\n", " | ") or "none in the whole journal (every boot)"

    def syscalls(self):
        """The survey's finding, not a check: the calls the shipped filter would have denied,
        by number, name and the thread that made them."""
        text = self.guest.out_of(
            "journalctl --no-pager -o cat | grep -E 'SECCOMP auid=.*code=0x7ffc0000|type=1326.*code=0x7ffc0000'"
            " | sed -n 's/.*comm=\\(\"[^\"]*\"\\).*syscall=\\([0-9]*\\).*/\\2 \\1/p' | sort | uniq -c", timeout=90)
        calls = {}
        for line in text.splitlines():
            count, number, comm = line.split(None, 2)
            calls.setdefault(int(number), []).append(f"{comm}×{count}")
        return "; ".join(f"{self.syscall_names.get(n, '?')}({n}) by {' '.join(who)}" for n, who in sorted(calls.items())) or "none"

    def restart_getty(self):
        """A restart is not a stop: the unit's ExecStopPost= gives tty1 its login prompt back only
        when the daemon stopped for good, and a restart's start must not find a getty on tty1."""
        g = self.guest
        cursor = g.cursor()
        for _ in range(3):
            g.sh("timeout 60 systemctl restart flipclockd.service", timeout=90)
            self.wait_running(60)
        lines = [str(e.get("MESSAGE")) for e in g.journal("-u getty@tty1.service", f"--after-cursor='{cursor}'")]
        started = [line for line in lines if line.startswith("Start")]
        s = self.state()
        getty = g.out_of("systemctl is-active getty@tty1.service")
        ok = not started and s.get("SubState") == "running" and getty != "active"
        return ok, f"getty@tty1 {getty}, its journal since: {lines[-4:] or 'nothing'}; {self.describe(s)}"

    def stop(self):
        g = self.guest
        status, _ = g.sh("timeout 60 systemctl stop flipclockd.service", timeout=90)
        console = g.wait(lambda: (lambda c: c if c[1] and c[2] == "active" else None)(self.console()), 20) or self.console()
        pixels, shot = g.clock_gone("after-stop", self.face)
        ok = status == 0 and console[0] == "1" and console[1] and console[2] == "active" and pixels == 0
        return ok, f"stop status {status}; active VT {console[0]}, login prompt on tty1 {console[1]}, getty@tty1 {console[2]}; clock pixels {pixels}"

    def purge(self):
        g = self.guest
        g.sh("timeout 60 systemctl start flipclockd.service", timeout=90)
        running = self.wait_running(60)
        status, out = g.sh("DEBIAN_FRONTEND=noninteractive apt-get purge -y flipclock", timeout=180)
        left = g.out_of("ls -d /var/lib/flipclock /var/lib/private/flipclock /etc/flipclock /run/flipclock"
                        " /lib/systemd/system/flipclockd.service /usr/bin/flipclockd 2>/dev/null")
        package = g.out_of("dpkg-query -W -f='${db:Status-Status}' flipclock 2>&1")
        console = g.wait(lambda: (lambda c: c if c[1] and c[2] == "active" else None)(self.console()), 20) or self.console()
        group = g.out_of("getent group flipclock || echo none")
        ok = status == 0 and left == "" and package != "installed" and console[0] == "1" and console[1] and console[2] == "active"
        return ok, (f"before: {self.describe(running)}; purge status {status}; left behind '{left}'; package {package}; group {group};"
                    f" active VT {console[0]}, login prompt {console[1]}, getty@tty1 {console[2]}")

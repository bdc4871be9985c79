"""The boot test's checks of the operator's keypad under the unit as shipped, on the same booted
guest: a USB keypad played through uinput (`keypad`, keypad.c, built on the host and carried on
the package disk; the kernel's uinput module). With [keypad] and none plugged in the clock runs
and says so once; one plugged in later is taken and grabbed (a reader of the device gets nothing
while an ungrabbed twin's reader gets every event), and its keys change the state as the map
says (the default map and a key of the file's own; an auto-repeat asks nothing); unplugged, it is
let go with one line and the clock runs on; plugged in again, it is taken again."""
import re

CONFIG = "/etc/flipclock/flipclock.toml"
NAME = "flipclock test keypad"
KEYPAD = f"""
[[score]]
name = "home"
[[score]]
name = "away"

[game]
periods = 4
period = "10:00"
[game.shot_clock]
resets = [24, 14]

[keypad]
device = "{NAME}"
[keypad.keys]
KEY_KP2 = "score add away 2"
"""


def key_codes():
    """Key names to codes, from the kernel's header on the host."""
    codes = {}
    for line in open("/usr/include/linux/input-event-codes.h"):
        m = re.match(r"#define (KEY_\w+)\s+(\d+)", line)
        if m:
            codes[m.group(1)] = int(m.group(2))
    return codes


class KeypadChecks:
    """Mixed into Checks: the same guest, face and helpers."""

    keypad_names = [
        ("[keypad] with none plugged in: the clock runs, says once that it waits", "keypad_waits"),
        ("a keypad plugged in later is taken and grabbed; its keys change the state as mapped", "keypad_taken"),
        ("the keypad unplugged: let go with one line, the clock runs on; plugged in again: taken", "keypad_unplugged"),
        ("without [keypad]: the face as shipped, running", "keypad_restored"),
    ]

    def plug(self, name, wait_ms, hold_ms, *keys):
        """A shell command plugging in a keypad named `name` that presses `keys` (names; NAME:2 a
        repeat) wait_ms later and is unplugged hold_ms after that."""
        codes = key_codes()
        played = " ".join(f"{codes[k.split(':')[0]]}{':' + k.split(':')[1] if ':' in k else ''}" for k in keys)
        return f"setsid -f /usr/local/bin/keypad '{name}' {wait_ms} {hold_ms} {played} >>/tmp/keypad.log 2>&1 </dev/null"

    def keypad_lines(self, cursor, words):
        return [m for _, c, m in self.unit_lines(cursor) if c == "flipclockd" and words in m]

    def keypad_waits(self):
        g = self.guest
        g.sh("modprobe uinput && mount -o ro /dev/vdb /mnt && install -m 755 /mnt/keypad /usr/local/bin/keypad; umount /mnt", timeout=30)
        g.write(CONFIG, self.face + KEYPAD)
        cursor = g.cursor()
        self.restart()
        s = self.wait_running(60)
        said = g.wait(lambda: self.keypad_lines(cursor, "no keypad plugged in"), 15)
        # Another input device plugged in and out: looked at, not taken, not said again.
        g.sh(self.plug("flipclock other pad", 500, 500) + "; sleep 3")
        said = self.keypad_lines(cursor, "no keypad plugged in")
        self.keypad_cursor = cursor
        ok = (s.get("SubState") == "running" and s.get("NRestarts") == "0" and len(said) == 1
              and "taken" not in " ".join(m for _, _, m in self.unit_lines(cursor)))
        return ok, f"{self.describe(s)}; said {len(said)}x: {said[:1]}" + ("" if ok else f"; journal: {self.tail(self.unit_lines(cursor))}")

    def keypad_taken(self):
        g = self.guest
        cursor = g.cursor()
        self.keypad_pid = self.state().get("MainPID")
        g.sh("flipclockctl score reset")
        # KP1: home +1 (default); its auto-repeat: nothing; KP3: away +1 (default); KP2: away +2
        # (the file's); KP0: the game clock starts (default). The twin, not the configured name,
        # presses two keys. Both plugged in at once; readers of both open them as soon as their
        # nodes appear and read until the pads are unplugged (a read then fails with ENODEV; what
        # came before it is counted). The presses come 6 s after the plugging, so a slow guest
        # (TCG under load) still has its readers open before them; the unplugging 2 s after.
        read = g.out_of(
            self.plug(NAME, 6000, 2000, "KEY_KP1", "KEY_KP1:2", "KEY_KP3", "KEY_KP2", "KEY_KP0") + "; "
            + self.plug("flipclock twin pad", 6000, 2000, "KEY_KP1", "KEY_KP3") + "; "
            "node() { for e in /sys/class/input/event*; do grep -qx \"$1\" $e/device/name 2>/dev/null && echo /dev/input/${e##*/}; done; }; "
            f"for i in $(seq 50); do a=$(node '{NAME}'); b=$(node 'flipclock twin pad'); [ -n \"$a\" ] && [ -n \"$b\" ] && break; sleep 0.1; done; "
            "(timeout 30 cat $a 2>/dev/null | wc -c >/tmp/read-a) & (timeout 30 cat $b 2>/dev/null | wc -c >/tmp/read-b) & wait; "
            "echo $a $(cat /tmp/read-a) $b $(cat /tmp/read-b)", timeout=60)
        status = (g.wait(lambda: (lambda t: t if "home=1 away=3" in t and " running" in t else None)(g.out_of("flipclockctl status")), 10)
                  or g.out_of("flipclockctl status"))
        taken = self.keypad_lines(cursor, "keypad taken")
        keys = [m for m in self.keypad_lines(cursor, "key key=KEY_KP")]
        parts = read.split()
        # 24 bytes an event: a press and a release, each with its SYN_REPORT, for each of the twin's two keys.
        grabbed = len(parts) == 4 and parts[1] == "0" and parts[3] == str(2 * 4 * 24)
        ok = grabbed and "home=1 away=3" in status and " running" in status and len(taken) == 1 and len(keys) == 4
        return ok, (f"readers: {read}; status: {status}; taken: {taken[:1]}; {len(keys)} key lines: {keys[:1]}"
                    + ("" if ok else f"; journal: {self.tail(self.unit_lines(cursor))}; helper: {g.out_of('cat /tmp/keypad.log')}"))

    def keypad_unplugged(self):
        g = self.guest
        cursor = self.keypad_cursor
        gone = g.wait(lambda: self.keypad_lines(cursor, "keypad unplugged"), 15)
        g.sh("sleep 1")
        gone = self.keypad_lines(cursor, "keypad unplugged")
        s = self.state()
        g.sh(self.plug(NAME, 1500, 1500, "KEY_KP3"))
        status = g.wait(lambda: (lambda t: t if "away=4" in t else None)(g.out_of("flipclockctl status")), 15) or g.out_of("flipclockctl status")
        taken = self.keypad_lines(cursor, "keypad taken")
        waits = self.keypad_lines(cursor, "no keypad plugged in")
        ok = (len(gone) == 1 and s.get("SubState") == "running" and s.get("MainPID") == self.keypad_pid and s.get("NRestarts") == "0"
              and "away=4" in status and len(taken) == 2 and len(waits) == 1)
        return ok, f"unplugged said {len(gone)}x: {gone[:1]}; {self.describe(s)}, pid {s.get('MainPID')}; again: {status}; taken {len(taken)}x"

    def keypad_restored(self):
        g = self.guest
        g.sh("sleep 2")
        g.write(CONFIG, self.face)
        self.restart()
        s = self.wait_running(60)
        return s.get("SubState") == "running", self.describe(s)

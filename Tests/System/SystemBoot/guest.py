"""A Debian 12 guest booted by its own systemd under qemu, as the boot test drives it: the
agent runs commands as root, the monitor takes screendumps, and the host's `flipclockd
preview` of the same configuration, minute and size says what the screen must show."""
import hashlib
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Qemu"))
from agent_link import AgentLink  # noqa: E402
from machine import Machine  # noqa: E402
from pictures import clock_pixels, compare, read_ppm  # noqa: E402

DISPLAYS = {
    "bochs": ["-vga", "none", "-device", "bochs-display,xres=1280,yres=800"],
    "virtio": ["-vga", "none", "-device", "virtio-gpu-pci,xres=1280,yres=800"],
}
# The machine an architecture's guest runs on: its qemu, machine and console, and the agent's
# port. An x86-64 PC has a second UART for the agent; arm64's `virt` has one (the console), so
# its agent talks on a virtio serial port, named on the kernel's command line (agent).
MACHINES = {
    "amd64": ("qemu-system-x86_64", [], "ttyS0", lambda path: ["-serial", f"unix:{path},server=on,wait=off"], ""),
    "arm64": ("qemu-system-aarch64", ["-M", "virt", "-cpu", "cortex-a72"], "ttyAMA0", lambda path: [
        "-device", "virtio-serial-pci", "-chardev", f"socket,id=agent,path={path},server=on,wait=off",
        "-device", "virtserialport,chardev=agent,name=org.flipclock.agent"], " flipclock.agent=/dev/virtio-ports/org.flipclock.agent"),
}


class Guest:
    def __init__(self, name, out, device, kernel, initrd, image, package_disk, preview_binary, arch="amd64"):
        """`preview_binary`: the command (a list) that runs the package's flipclockd here."""
        self.name, self.out, self.preview_binary = name, out, preview_binary
        self.disk = os.path.join(out, f"{name}-disk.qcow2")
        if os.path.exists(self.disk):
            os.remove(self.disk)
        # The image stays as built: the guest writes to a copy-on-write layer over it.
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", os.path.abspath(image), "-F", "raw", self.disk], check=True)
        agent_path = os.path.join(out, f"{name}-agent.sock")
        if os.path.exists(agent_path):
            os.remove(agent_path)
        qemu, machine, console, agent, append = MACHINES[arch]
        self.machine = Machine(name, out, [
            *machine, "-accel", "tcg", "-m", "1024", "-smp", "1", "-nic", "none", "-kernel", kernel, "-initrd", initrd,
            "-append", f"console={console} quiet panic=-1{append}", *DISPLAYS[device],
            "-drive", f"file={self.disk},if=virtio,format=qcow2",
            "-drive", f"file={package_disk},if=virtio,format=raw,readonly=on",
            *agent(agent_path),
        ], qemu)
        self.agent = AgentLink(agent_path, os.path.join(out, f"{name}-agent.log"))
        self.agent.connect()
        self.shots = 0

    def sh(self, script, timeout=60):
        """(status, output) of a bash script run as root in the guest."""
        return self.agent.run(script, timeout)

    def out_of(self, script, timeout=60):
        return self.sh(script, timeout)[1].strip()

    def show(self, unit="flipclockd.service", *properties):
        text = self.out_of(f"systemctl show {unit} " + " ".join(f"-p {p}" for p in properties))
        return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    def wait(self, condition, timeout, step=1.0):
        """The first true value of condition() within timeout seconds, else the last one."""
        end = time.monotonic() + timeout
        while True:
            value = condition()
            if value or time.monotonic() >= end:
                return value
            time.sleep(step)

    def write(self, path, text):
        self.sh(f"mkdir -p $(dirname {path}) && cat > {path} <<'FLIPCLOCK_EOF'\n{text}\nFLIPCLOCK_EOF")

    def journal(self, *arguments):
        """The journal's entries (dicts of its fields) for journalctl ARGUMENTS -o json."""
        text = self.out_of("journalctl --no-pager -o json " + " ".join(arguments), timeout=90)
        return [json.loads(line) for line in text.splitlines() if line.startswith("{")]

    def cursor(self):
        """Where the journal ends now, for entries logged after this."""
        return self.out_of("journalctl --no-pager -n 0 --show-cursor | sed -n 's/^-- cursor: //p'")

    def screendump(self, what):
        self.shots += 1
        return self.machine.screendump(os.path.join(self.out, f"{self.name}-{self.shots:02d}-{what}.ppm"))

    def preview(self, config, day, minute, size):
        """`flipclockd preview`'s frame of `config` (TOML text) at rest in `minute` (HH:MM) of
        `day`, at `size` (WxH), in the guest's zone (UTC)."""
        key = hashlib.sha256(f"{config}|{day}|{minute}|{size}".encode()).hexdigest()[:16]
        folder = os.path.join(self.out, "previews", key)
        frame = os.path.join(folder, "frame-00000.png")
        if not os.path.exists(frame):
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, "flipclock.toml")
            open(path, "w").write(config)
            subprocess.run([*self.preview_binary, "preview", "--config", path, "--date", day, "--from", f"{minute}:30",
                            "--seconds", "0.5", "--fps", "2", "--size", size, "--out", folder],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "TZ": "UTC"}, timeout=120)
        return frame

    def screen_is(self, config, what, within=15):
        """(ok, detail, screendump): whether the screen shows exactly the preview of `config`
        for the guest's current minute within `within` seconds, a screendump taken between two
        readings of the guest's clock in the same minute, clear of the minute's flip."""
        end = time.monotonic() + within
        problem, shot = "no screendump taken", None
        while True:
            before = self.out_of("date -u '+%F %H:%M:%S'")
            seconds = int(before[-2:])
            if seconds >= 56 or seconds < 2:
                time.sleep((62 - seconds) % 60 + 0.5)
                end += (62 - seconds) % 60 + 0.5
                continue
            shot = self.screendump(what)
            after = self.out_of("date -u '+%F %H:%M:%S'")
            if after[:16] == before[:16]:
                w, h, _ = read_ppm(shot)
                expected = self.preview(config, before[:10], before[11:16], f"{w}x{h}")
                problem = compare(f"{what} at {before[11:16]}", shot, expected)
                if problem is None:
                    return True, f"identical to the preview at {before[11:16]}, {w}x{h}, {os.path.basename(shot)}", shot
            if time.monotonic() >= end:
                return False, f"{problem}; {os.path.basename(shot)}", shot
            time.sleep(1)

    def clock_gone(self, what, config):
        """(clock pixels on screen, screendump): the clock's own pixels still showing, against
        the preview of `config` for this minute; 0 when the console has the screen."""
        shot = self.screendump(what)
        now = self.out_of("date -u '+%F %H:%M'")
        w, h, _ = read_ppm(shot)
        return clock_pixels(shot, self.preview(config, now[:10], now[11:16], f"{w}x{h}")), shot

    def stop(self):
        try:
            self.sh("(sleep 1; systemctl poweroff) >/dev/null 2>&1 &", timeout=10)
        except RuntimeError:
            pass
        self.machine.stop(timeout=60)

#!/usr/bin/env python3
"""Boots Debian's kernel in qemu (KVM where /dev/kvm can be opened and boots the guest, else
TCG, saying which) on bochs (or virtio-gpu) at 1920x1080 with `flipclock-bench --idle --output drm` as the
guest's only program, and prints
its figures: start to the first frame on the DRM screen and CPU per simulated hour there and
in memory at the screen's mode. A measurement, not a test: it fails only if the figures
cannot be had (no RESULT line, or the bench's frames never reached the screen).

While HH:MM:SS runs on DRM it takes a screendump and counts the pixels that are the clock's
cards (the same as in the preview of the face, turned as the screen is, and not its background).
"""
import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Qemu"))
from machine import Machine  # noqa: E402
from pictures import read_png_rgb, read_ppm, turned  # noqa: E402


def card_pixels(shot, clock, rotation):
    """How many pixels of the screendump `shot` are the same as in the preview `clock` turned
    by `rotation` and are not its background (the clock's cards, whatever digits they show),
    and how many of the preview's are not its background."""
    c = read_ppm(shot)[2]
    e = turned(read_png_rgb(clock), rotation)[2]
    same = sum(1 for i in range(0, min(len(c), len(e)), 3) if c[i:i + 3] == e[i:i + 3] and c[i:i + 3] != e[0:3])
    return same, sum(1 for i in range(0, len(e), 3) if e[i:i + 3] != e[0:3])


def main():
    p = argparse.ArgumentParser()
    for a in ("--kernel", "--initrd", "--out", "--name", "--clock"):
        p.add_argument(a, required=True)
    p.add_argument("--device", choices=("bochs", "virtio"), default="bochs")
    p.add_argument("--width", type=int, default=1920)
    p.add_argument("--height", type=int, default=1080)
    p.add_argument("--minutes", type=int, default=0, help="simulated minutes of HH:MM:SS (60 under KVM, 5 under TCG)")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--rotation", type=int, default=0, help="output.rotation on the DRM screen")
    p.add_argument("--timeout", type=int, default=900, help="seconds for the whole bench")
    args = p.parse_args()
    guest = None
    for accel in (["kvm"] if os.access("/dev/kvm", os.R_OK | os.W_OK) else []) + ["tcg"]:
        kvm = accel == "kvm"
        minutes = args.minutes or (60 if kvm else 5)
        guest = Machine(args.name, args.out, [
            "-accel", accel, *(["-cpu", "host"] if kvm else []), "-m", "512", "-smp", "1",
            "-kernel", args.kernel, "-initrd", args.initrd, "-no-reboot",
            # The kernel hands NAME=value words it does not know to /init as its environment.
            "-append", f"console=ttyS0 quiet panic=-1 BENCH_MINUTES={minutes} BENCH_ROUNDS={args.rounds} BENCH_ROTATION={args.rotation}",
            "-vga", "none", "-device", {
                # Two 1920x1080 scan-out buffers and the console's need more than bochs's default 16 MiB.
                "bochs": f"VGA,vgamem_mb=64,xres={args.width},yres={args.height}",
                "virtio": f"virtio-gpu-pci,xres={args.width},yres={args.height}",
            }[args.device],
        ])
        try:
            guest.wait_for(r"e2e: starting flipclock-bench", 20 if kvm else 180)
            break
        except RuntimeError as e:
            guest.qemu.kill()
            guest.qemu.wait()
            why = guest.qemu.stderr.read().decode(errors="replace").strip().splitlines()
            print(f"{args.name}: no guest under {accel}: {why[0] if why else e}")
    print(f"{args.name}: qemu with {'KVM (-cpu host)' if kvm else 'TCG: CPU figures are emulated, slower than a real CPU'}, one CPU, "
          f"{args.device} at {args.width}x{args.height}, rotated {args.rotation}; HH:MM 60 and HH:MM:SS {minutes} simulated minutes,"
          f" {args.rounds} round(s)")
    failures, pixels, preview = [], None, 0
    try:
        guest.wait_for(r"hhmmss on drm", args.timeout)
        time.sleep(1)
        shot = guest.screendump(os.path.join(args.out, f"{args.name}-hhmmss.ppm"))
        pixels, preview = card_pixels(shot, args.clock, args.rotation)
        guest.wait_for(r"e2e: flipclock-bench exited", args.timeout)
    except RuntimeError as e:
        failures.append(str(e))
    guest.stop()
    log = guest.log()
    lines = log.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("e2e: starting flipclock-bench")), len(lines))
    print("\n".join(lines[start:]))
    if pixels is not None:
        share = pixels / max(preview, 1)
        print(f"{args.name}: screendump while HH:MM:SS ran on DRM: {pixels} pixels are the clock's as the preview shows them "
              f"({share:.0%} of the preview's {preview}, {pixels / (args.width * args.height):.0%} of the screen)")
        # The digits differ from the preview's and a card may be turning; the cards' faces do not.
        if share < 0.5:
            failures.append("the bench's frames did not reach the screen (no clock in the screendump)")
    if not re.search(r"^RESULT .*start_ms_drm=", log, re.M):
        failures.append("the bench printed no RESULT line")
    if not re.search(r"e2e: flipclock-bench exited with status 0", log):
        failures.append("the bench did not exit with status 0")
    for f in failures:
        print(f"{args.name}: cannot measure: {f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

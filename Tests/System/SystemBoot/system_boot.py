#!/usr/bin/env python3
"""One scenario of the boot test: a Debian 12 guest with its own systemd as PID 1 on a display
device (bochs-display or virtio-gpu) and a Debian kernel; flipclock installed from its .deb
with apt in the booted guest, then the checks of checks.py, each printed as
`systemd-boot: SCENARIO: CHECK ok|FAILED (detail)`. Exit status 0 only if every check passed.
A guest that stops answering fails the check it was in and every check after it."""
import argparse
import hashlib
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402
from guest import Guest  # noqa: E402


def syscall_names(arch):
    """The guest's system call numbers to names, from the kernel's header (arm64's are the
    generic table's)."""
    names = {}
    header = {"amd64": "/usr/include/x86_64-linux-gnu/asm/unistd_64.h", "arm64": "/usr/include/asm-generic/unistd.h"}[arch]
    for line in open(header):
        m = re.match(r"#define __NR(?:3264)?_(\w+) (\d+)", line)
        if m:
            names[int(m.group(2))] = m.group(1)
    return names


def main():
    p = argparse.ArgumentParser()
    for a in ("--name", "--device", "--kernel", "--initrd", "--image", "--package-disk", "--package-root", "--deb-name", "--out"):
        p.add_argument(a, required=True)
    p.add_argument("--arch", default="amd64", choices=("amd64", "arm64"))
    p.add_argument("--preview", default="", help="what runs the package's flipclockd here (qemu-aarch64-static -L SYSROOT)")
    p.add_argument("--checks", default="", help="the checks to run (their method names, comma-separated): all by default")
    p.add_argument("--survey", action="store_true",
                   help="run the service with no syscall filter and log what the shipped filter would deny")
    args = p.parse_args()
    root = args.package_root
    unit = next(os.path.join(root, d, "flipclockd.service") for d in ("lib/systemd/system", "usr/lib/systemd/system")
                if os.path.exists(os.path.join(root, d, "flipclockd.service")))
    started = time.monotonic()
    guest = Guest(args.name, args.out, args.device, args.kernel, args.initrd, args.image, args.package_disk,
                  [*args.preview.split(), os.path.join(root, "usr/bin/flipclockd")], args.arch)
    checks = Checks(guest, open(os.path.join(root, "etc/flipclock/flipclock.toml")).read(),
                    hashlib.sha256(open(unit, "rb").read()).hexdigest(), args.deb_name, args.survey, syscall_names(args.arch))
    chosen = args.checks.split(",") if args.checks else [m for _, m in Checks.names]
    unknown = set(chosen) - {m for _, m in Checks.names}
    if unknown:
        sys.exit(f"system_boot.py: no such checks: {', '.join(sorted(unknown))}")
    failed, passed, stopped = 0, 0, None
    try:
        for title, method in [(t, m) for t, m in Checks.names if m in chosen]:
            if stopped:
                ok, detail = False, f"not reached: {stopped}"
            else:
                t0 = time.monotonic()
                try:
                    ok, detail = getattr(checks, method)()
                except Exception as e:  # a check that cannot finish has failed, with the reason
                    ok, detail = False, f"{type(e).__name__}: {e}"
                detail += f"; {time.monotonic() - t0:.0f} s"
                if not ok:
                    try:
                        guest.sh("true", timeout=15)
                    except RuntimeError:
                        stopped = f"the guest stopped answering during '{title}'"
            print(f"systemd-boot: {args.name}: {title} {'ok' if ok else 'FAILED'} ({detail})", flush=True)
            passed, failed = passed + ok, failed + (not ok)
            if args.survey and method == "denials" and not stopped:
                print(f"systemd-boot: {args.name}: syscalls outside the shipped filter: {checks.syscalls()}", flush=True)
    finally:
        guest.stop()
    print(f"systemd-boot: {args.name}: {passed} of {passed + failed} checks passed in {time.monotonic() - started:.0f} s", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

"""The daemon's PNG frames against `flipclockd preview`'s: read, compared pixel by pixel, the box
where two pictures differ, and how bright a picture is."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Qemu"))
from pictures import read_png_rgb  # noqa: E402


def frame(path):
    """The daemon's current frame as (width, height, RGB bytes), None if there is none yet."""
    try:
        return read_png_rgb(path)
    except (OSError, AssertionError, ValueError):
        return None


def preview(binary, config, folder, scores, at="12:00:30", size="480x270"):
    """The frame `flipclockd preview` draws at `at` with `scores` ({name: value}), at rest."""
    out = os.path.join(folder, "preview-" + "-".join(f"{k}{v}" for k, v in sorted(scores.items())))
    command = [binary, "preview", "--config", config, "--from", at, "--seconds", "0.1", "--fps", "10",
               "--size", size, "--out", out] + [f"--score={k}={v}" for k, v in scores.items()]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"flipclockd preview: {result.stderr.strip()}")
    return read_png_rgb(os.path.join(out, "frame-00000.png"))


def box(a, b):
    """The smallest (x0, y0, x1, y1) holding every pixel where a and b differ; None if none does."""
    width, data_a, data_b = a[0], a[2], b[2]
    xs, ys = [], []
    for i in range(0, len(data_a), 3):
        if data_a[i:i + 3] != data_b[i:i + 3]:
            ys.append(i // 3 // width)
            xs.append(i // 3 % width)
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


def differing(a, b, region=None):
    """How many pixels differ between a and b (within `region`, a box, if given)."""
    width = a[0]
    x0, y0, x1, y1 = region or (0, 0, a[0], a[1])
    count = 0
    for y in range(y0, y1):
        row = (y * width + x0) * 3, (y * width + x1) * 3
        if a[2][row[0]:row[1]] != b[2][row[0]:row[1]]:
            count += sum(1 for i in range(row[0], row[1], 3) if a[2][i:i + 3] != b[2][i:i + 3])
    return count


def brightness(image):
    """The mean of every channel of every pixel, 0...255."""
    return sum(image[2]) / len(image[2])


def until_frame(path, test, seconds=10):
    """The first frame (re-read every 0.1 s) for which `test(frame)` is true, else the last one read."""
    end, last = time.monotonic() + seconds, None
    while time.monotonic() < end:
        last = frame(path) or last
        if last is not None and test(last):
            return last
        time.sleep(0.1)
    return last

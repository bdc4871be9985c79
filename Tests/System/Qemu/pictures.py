"""Pictures the qemu tests compare: qemu's screendumps (PPM) against `flipclockd preview`'s
frames (PNG), read with the standard library only, and a clock-pixel count for screens that
must not show the clock."""
import struct
import zlib


def read_png(data, name="a PNG"):
    """(width, height, channels, bytes) of an 8-bit RGB or RGBA PNG (libpng's for flipclock,
    Chromium's screenshots), every row filter undone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", name
    pos, idat, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"{name}: expected 8-bit RGB or RGBA, got depth {depth} colour type {colour}"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, out, prev = zlib.decompress(idat), width * channels, bytearray(), bytearray(width * channels)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return width, height, channels, bytes(out)


def read_png_rgb(path):
    """RGB bytes of an 8-bit RGB PNG (what libpng writes for flipclock)."""
    width, height, channels, pixels = read_png(open(path, "rb").read(), path)
    assert channels == 3, f"{path}: expected 8-bit RGB"
    return width, height, pixels


def read_ppm(path):
    data = open(path, "rb").read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6", path
    return int(parts[1]), int(parts[2]), parts[4][: int(parts[1]) * int(parts[2]) * 3]


def turned(image, rotation):
    """An RGB image (width, height, bytes) turned clockwise by 0, 90, 180 or 270 degrees, as
    the daemon turns a screen's picture: the oracle for a rotated head."""
    w, h, data = image
    if rotation == 0:
        return image
    ow, oh = (h, w) if rotation in (90, 270) else (w, h)
    out = bytearray(len(data))
    for y in range(h):
        for x in range(w):
            px, py = {90: (h - 1 - y, x), 180: (w - 1 - x, h - 1 - y), 270: (y, w - 1 - x)}[rotation]
            out[3 * (py * ow + px):3 * (py * ow + px) + 3] = data[3 * (y * w + x):3 * (y * w + x) + 3]
    return ow, oh, bytes(out)


BAYER = (0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5)


def dithered565(image):
    """An RGB image as a 16 bpp RGB565 panel shows it: each channel rounded to 5, 6 and 5 bits
    up or down by the pixel's place in a 4×4 Bayer matrix (threshold (k + ½)/16 of a step),
    then shifted back to 8 bits with the low bits zero, as qemu's screendump expands them (a
    panel repeats the top bits instead: RGB565.shown).
    The oracle for an fbdev screen of 16 bpp, written from that definition."""
    w, h, data = image
    out = bytearray(len(data))
    for y in range(h):
        for x in range(w):
            t = 2 * BAYER[(y & 3) << 2 | (x & 3)] + 1
            i = 3 * (y * w + x)
            for c, bits in ((0, 5), (1, 6), (2, 5)):
                levels = (1 << bits) - 1
                level = (data[i + c] * levels * 32 + t * 255) // (255 * 32)
                out[i + c] = level << (8 - bits)
    return w, h, bytes(out)


def compare(name, shot, expected, rotation=0, depth=32):
    """None if the screendump `shot` is the PNG `expected` (turned by `rotation`; dithered to
    RGB565 when the screen has `depth` 16) exactly, else what differs: the sizes, or how many
    pixels and the first of them."""
    w, h, a = read_ppm(shot)
    ew, eh, b = turned(read_png_rgb(expected), rotation)
    if depth == 16:
        _, _, b = dithered565((ew, eh, b))
    if (w, h) != (ew, eh):
        return f"{name}: screen is {w}x{h}, preview is {ew}x{eh}"
    if a == b:
        return None
    diff = [i for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    i = diff[0] // 3
    return (f"{name}: {len(diff)} pixels differ; first at ({i % w}, {i // w}): screen {a[diff[0]:diff[0] + 3].hex()},"
            f" preview {b[diff[0]:diff[0] + 3].hex()}")


def clock_pixels(shot, clock):
    """How many pixels of the screendump `shot` are the clock's own (the same as in `clock`,
    a screendump or preview of the clock, and not its background): 0 when the clock is gone."""
    c = read_ppm(shot)[2]
    e = read_png_rgb(clock)[2] if clock.endswith(".png") else read_ppm(clock)[2]
    return sum(1 for i in range(0, min(len(c), len(e)), 3) if c[i:i + 3] == e[i:i + 3] and c[i:i + 3] != e[0:3])

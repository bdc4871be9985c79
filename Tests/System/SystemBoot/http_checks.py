"""The boot test's checks of the HTTP API under the unit as shipped, on the same booted guest:
[http] without the drop-in fails clearly; with /usr/share/flipclock/http.conf copied into place
as the README says, the API answers from inside the guest (bash's /dev/tcp: the image has no
curl), its snapshot is the screen; then the unit is as shipped again for the checks after."""
import base64
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Qemu"))
from pictures import read_png_rgb  # noqa: E402

CONFIG = "/etc/flipclock/flipclock.toml"
HTTP = '\n[http]\nlisten = "127.0.0.1:8080"\ntoken_file = "/etc/flipclock/http-token"\n'
DROP_IN = "/etc/systemd/system/flipclockd.service.d/http.conf"
# One request to 127.0.0.1:8080 in bash; the whole response (head and body) base64-encoded, so a
# PNG crosses the agent whole. AUTH is "" or the header line with the package's token.
REQUEST = """exec 3<>/dev/tcp/127.0.0.1/8080 || exit 7
printf '%s %s HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n%b\\r\\n' {method} '{path}' "{auth}" >&3
timeout 10 cat <&3 | base64 -w0"""
WITH_TOKEN = "Authorization: Bearer $(head -n1 /etc/flipclock/http-token)\\r\\n"


def parsed(text):
    """A JSON object's text as a dict; {} if it is not one (its keys come sorted: never compare the text)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class HTTPChecks:
    """Mixed into Checks: the same guest, face and helpers."""

    http_names = [
        ("[http] without the drop-in: exit 78 naming the drop-in, not restarted", "http_without_drop_in"),
        ("[http] with the drop-in: active after READY=1, GET /v1/state 200 with the token, 401 without", "http_with_drop_in"),
        ("GET /v1/snapshot.png is the screen (the preview)", "http_snapshot"),
        ("without [http] and the drop-in: the unit as shipped, running", "http_restored"),
    ]

    def http(self, method, path, token=True):
        """(status, headers, body bytes) of one request from inside the guest; status 0 when
        nothing answered."""
        status, out = self.guest.sh(REQUEST.format(method=method, path=path, auth=WITH_TOKEN if token else ""), timeout=20)
        data = base64.b64decode(out.strip() or b"") if status == 0 else b""
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode(errors="replace").split("\r\n")
        m = re.match(r"HTTP/1\.[01] (\d+)", lines[0])
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        return (int(m.group(1)) if m else 0), headers, body

    def http_without_drop_in(self):
        g = self.guest
        g.write(CONFIG, self.face + HTTP)
        cursor = g.cursor()
        self.restart()
        time.sleep(8)  # RestartSec=2: a restart would have come by now
        s = self.state()
        lines = self.unit_lines(cursor)
        said = [m for _, c, m in lines if c == "flipclockd" and "http.listen" in m]
        exits = [m for _, c, m in lines if "status=" in m]
        ok = (s.get("ActiveState") == "failed" and s.get("ExecMainStatus") == "78" and s.get("NRestarts") == "0"
              and any("Address family not supported" in m and "/usr/share/flipclock/http.conf" in m for m in said))
        return ok, f"{self.describe(s)}; daemon said {said[:1]}; systemd said {exits[:1]}" + ("" if ok else f"; journal: {self.tail(lines)}")

    def http_with_drop_in(self):
        g = self.guest
        g.sh(f"mkdir -p {os.path.dirname(DROP_IN)} && cp /usr/share/flipclock/http.conf {os.path.dirname(DROP_IN)}/", timeout=20)
        cursor = g.cursor()
        self.restart()
        s = self.wait_running(60)
        drop_ins = self.guest.show("flipclockd.service", "DropInPaths").get("DropInPaths", "")
        ready = any("first frame presented" in m for _, _, m in self.unit_lines(cursor))
        # Ready means the first frame; the API may come a moment after.
        answered = g.wait(lambda: (lambda r: r if r[0] else None)(self.http("GET", "/v1/state")), 15, step=0.5)
        status, headers, body = answered or (0, {}, b"")
        refused, refused_headers, refused_body = self.http("GET", "/v1/state", token=False)
        text = body.decode(errors="replace")
        state = parsed(text)
        ok = (s.get("SubState") == "running" and s.get("NRestarts") == "0" and ready and drop_ins == DROP_IN
              and status == 200 and headers.get("content-type") == "application/json" and state.get("ok") is True
              and state.get("screen") == "on"
              and refused == 401 and refused_headers.get("www-authenticate", "").startswith("Bearer") and b'"code":"unauthorized"' in refused_body)
        return ok, (f"{self.describe(s)}; first frame logged {ready}; drop-ins '{drop_ins}'; with the token {status} {text[:160]}; "
                    f"without {refused} {refused_body[:80].decode(errors='replace')}")

    def http_snapshot(self):
        """The snapshot fetched between two readings of the guest's clock in the same minute
        (clear of its flip) against the host's preview of that minute; and the screen too."""
        g = self.guest
        status, headers, png, before = 0, {}, b"", ""
        for _ in range(3):
            before = g.out_of("date -u '+%F %H:%M:%S'")
            if not 2 <= int(before[-2:]) < 50:
                time.sleep((62 - int(before[-2:])) % 60 + 0.5)
                continue
            status, headers, png = self.http("GET", "/v1/snapshot.png")
            after = g.out_of("date -u '+%F %H:%M:%S'")
            if after[:16] == before[:16]:
                break
        path = os.path.join(g.out, f"{g.name}-snapshot.png")
        open(path, "wb").write(png)
        if status != 200 or not png.startswith(b"\x89PNG"):
            return False, f"status {status}, {headers.get('content-type')}, {len(png)} bytes"
        w, h, pixels = read_png_rgb(path)
        expected = read_png_rgb(g.preview(self.face, before[:10], before[11:16], f"{w}x{h}"))
        differ = sum(1 for i in range(0, len(pixels), 3) if pixels[i:i + 3] != expected[2][i:i + 3]) if (w, h) == expected[:2] else -1
        screen, detail, _ = g.screen_is(self.face, "with-http")
        ok = differ == 0 and screen
        return ok, (f"{w}x{h} PNG ({len(png)} bytes, ETag {headers.get('etag')}) at {before[11:16]}: {differ} pixels differ from the preview;"
                    f" screen {detail}")

    def http_restored(self):
        g = self.guest
        g.sh(f"rm -r {os.path.dirname(DROP_IN)}", timeout=20)
        g.write(CONFIG, self.face)
        self.restart()
        s = self.wait_running(60)
        drop_ins = g.show("flipclockd.service", "DropInPaths").get("DropInPaths", "")
        family = g.show("flipclockd.service", "PrivateNetwork", "RestrictAddressFamilies")
        ok = s.get("SubState") == "running" and drop_ins == "" and family.get("PrivateNetwork") == "yes"
        return ok, (f"{self.describe(s)}; drop-ins '{drop_ins}'; PrivateNetwork={family.get('PrivateNetwork')}"
                    f" RestrictAddressFamilies={family.get('RestrictAddressFamilies')}")

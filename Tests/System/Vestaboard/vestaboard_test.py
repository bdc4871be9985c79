"""Vestaboard's local API on a real flipclockd, driven by `vesta`'s LocalClient (PyPI), as a tool
written for a Vestaboard drives it: a message of text and colour chips written and read back
equal, the clock's `status` showing it on the rows vestaboard-1…6 and its snapshot (a PNG kept
for a person to look at), a wrong or missing key refused as the board refuses it (401, the text
`Invalid API key`), malformed grids refused (400, the row, column and value named) with the
board unchanged, and a row set from the socket read back as codes. Prints `N passed, M failed`;
exits 1 on any failure.

    Tests/System/Vestaboard/run [--binary .build/debug/flipclockd] [--png out/vestaboard.png]
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import vesta

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Harness"))
from flipclockd import DaemonFailed, Flipclockd, own_tables  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
KEY = "vestaboard-local-key-0123456789"
TOKEN = "0123456789abcdef0123456789abcdef"

CONFIG = """\
[vestaboard]
key_file = "{folder}/vestaboard-key"

[http]
listen = "127.0.0.1:{port}"
token_file = "{folder}/http-token"
timeout_seconds = 5

[[row]]
show = ["vestaboard-1"]
[[row]]
show = ["vestaboard-2"]
[[row]]
show = ["vestaboard-3"]
[[row]]
show = ["vestaboard-4"]
[[row]]
show = ["vestaboard-5"]
[[row]]
show = ["vestaboard-6"]
"""


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raw(base, method, body=None, key=KEY, path="/local-api/message", headers=None):
    """(status, body text) of one request, without the library."""
    request = urllib.request.Request(base + path, data=body, method=method, headers=dict(headers or {}))
    if key is not None:
        request.add_header("X-Vestaboard-Local-Api-Key", key)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def snapshot(base, path):
    """The snapshot once the cards rest: two alike a second apart (at most 60 s)."""
    request = urllib.request.Request(base + "/v1/snapshot.png", headers={"Authorization": f"Bearer {TOKEN}"})
    previous = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urllib.request.urlopen(request, timeout=10) as answer:
            png = answer.read()
        if png == previous:
            break
        previous = png
        time.sleep(1)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:
        f.write(previous)
    return previous


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "flipclockd"))
    parser.add_argument("--png", default=os.path.join(ROOT, "out", "vestaboard.png"))
    args = parser.parse_args()
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print(f"vestaboard: {'ok  ' if ok else 'FAIL'} {name}" + ("" if ok else f": {detail}"), flush=True)

    with tempfile.TemporaryDirectory(prefix="flipclock-vestaboard-") as folder:
        port = free_port()
        for name, text in (("vestaboard-key", KEY), ("http-token", TOKEN)):
            with open(os.path.join(folder, name), "w") as f:
                f.write(text + "\n")
        config = CONFIG.format(folder=folder, port=port) + own_tables(folder, "880x400")
        daemon = Flipclockd(args.binary, config, folder, environment={"JOURNAL_STREAM": "0:0", "TZ": "UTC"})
        try:
            daemon.start()
        except DaemonFailed as failure:
            print(f"vestaboard: {failure}")
            print("0 passed, 1 failed")
            return 1
        try:
            base = f"http://127.0.0.1:{port}"
            client = vesta.LocalClient(KEY, base_url=base)
            message = vesta.encode_text(
                "{63}{64}{65} HELLO FLIPCLOCK\nIT IS 20° $5 \"OK\" (#1)\n\n{66}{67}{68}{69}{70}{71}\nA-Z & 0-9: ;'%,./?!@+=",
                valign="top",
            )
            check("the library writes a message (201)", client.write_message(message) is True)
            check("the library reads it back equal", client.read_message() == message, f"{client.read_message()} != {message}")

            status = json.loads(daemon.request('{"command":"status"}'))
            texts = status.get("texts", {})
            check(
                "status shows it on the rows",
                texts.get("vestaboard-1") == "🟥🟧🟨 HELLO FLIPCLOCK" and texts.get("vestaboard-4") == "🟩🟦🟪⬜⬛█"
                and texts.get("vestaboard-2") == 'IT IS 20° $5 "OK" (#1)' and texts.get("vestaboard-3", "") == "",
                json.dumps(texts, ensure_ascii=False),
            )
            png = snapshot(base, args.png)
            check(f"the snapshot is a PNG ({args.png})", png is not None and png.startswith(b"\x89PNG"))

            # A wrong or missing key, as the board answers it.
            wrong = vesta.LocalClient("not-the-key", base_url=base)
            for what, act in (("reads", wrong.read_message), ("writes", lambda: wrong.write_message(message))):
                try:
                    act()
                    check(f"a wrong key {what}: refused", False, "answered")
                except urllib.error.HTTPError as error:
                    body = error.read().decode()
                    check(f"a wrong key {what}: 401 Invalid API key", error.code == 401 and body == "Invalid API key", f"{error.code} {body}")
            status_code, body = raw(base, "GET", key=None)
            check("no key: 401 Invalid API key", (status_code, body) == (401, "Invalid API key"), f"{status_code} {body}")
            status_code, _ = raw(base, "GET", key=None, path="/v1/state")
            check("the rest of the API still asks for the token", status_code == 401, str(status_code))

            # Malformed grids: 400, the place and the value named; the board as it was.
            five = json.dumps(message[:5]).encode()
            status_code, body = raw(base, "POST", five)
            check("5 rows: 400", status_code == 400 and "the message has 5 rows" in body, f"{status_code} {body}")
            bad = [row[:] for row in message]
            bad[1][2] = 43
            status_code, body = raw(base, "POST", json.dumps(bad).encode())
            check("code 43: 400 naming row 2, column 3", status_code == 400 and "row 2, column 3: 43 is not" in body, f"{status_code} {body}")
            short = [row[:] for row in message]
            short[5] = short[5][:21]
            status_code, body = raw(base, "POST", json.dumps(short).encode())
            check("21 columns: 400", status_code == 400 and "row 6 has 21 codes" in body, f"{status_code} {body}")
            status_code, body = raw(base, "POST", b'[[0, "A"]]')
            check("a string code: 400", status_code == 400 and "row 1, column 2" in body, f"{status_code} {body}")
            status_code, body = raw(base, "POST", b"[" * 5000)
            check("a body over 4 KiB: 413", status_code == 413, f"{status_code} {body}")
            check("the board is unchanged", client.read_message() == message)

            # The rows are text rows: the socket sets one, the API reads it as codes.
            reply = daemon.request('text vestaboard-6 "HI 🟥"')
            read = client.read_message()
            check(
                "a row set from the socket reads back as codes",
                reply is not None and reply.startswith("OK") and read[5] == [8, 9, 0, 63] + [0] * 18,
                f"{reply} {read and read[5]}",
            )
            reply = daemon.request('text vestaboard-4="A" vestaboard-5="B"')
            status_code, _ = raw(
                base, "PUT", json.dumps({"text": "C"}).encode(), key=None, path="/v1/texts/vestaboard-3",
                headers={"Authorization": f"Bearer {TOKEN}"},
            )
            read = client.read_message()
            check(
                "several rows from the socket in one request, one by PUT /v1/texts",
                reply is not None and reply.startswith("OK") and status_code == 200
                and [row[0] for row in read[2:5]] == [3, 1, 2],
                f"{reply} {status_code} {read and [row[0] for row in read]}",
            )
            ctl = os.path.join(os.path.dirname(args.binary), "flipclockctl")
            done = subprocess.run(
                [ctl, "text", 'vestaboard-1="X"', 'vestaboard-2="Y Z"', "--socket", os.path.join(folder, "control.sock")],
                capture_output=True, text=True, timeout=30,
            )
            read = client.read_message()
            check(
                "flipclockctl text 'a=\"X\"' 'b=\"Y Z\"' sets both",
                done.returncode == 0 and read[0][:1] == [24] and read[1][:3] == [25, 0, 26],
                f"{done.returncode} {done.stdout} {done.stderr} {read and read[:2]}",
            )
            client.write_message(message)
            # Saved before the reply: a restart shows the message again.
            daemon.stop()
            daemon.start()
            read = vesta.LocalClient(KEY, base_url=base).read_message()
            check("after a restart the board reads the same", read[:5] == message[:5], f"{read}")
        finally:
            daemon.stop()
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""A real Home Assistant Core under test: its configuration folder (http on 127.0.0.1 and a free
port, api, nothing that reaches the internet), the process started and stopped by its PID, the
onboarding's users step, a long-lived token, the MQTT integration through its config flow, and
its REST and WebSocket APIs. Every wait has a deadline."""
import asyncio
import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import aiohttp

CONFIGURATION = """homeassistant:
  name: flipclock test
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  unit_system: metric
  time_zone: UTC
  currency: EUR
  country: DE
  language: en
http:
  server_host: 127.0.0.1
  server_port: {port}
api:
logger:
  default: info
"""
USER = {"name": "flipclock test", "username": "flipclock", "password": "flipclock-test-password", "language": "en"}


class Failed(Exception):
    """Home Assistant did not do what the setup needs; says what, with the log's tail."""


class HomeAssistant:
    def __init__(self, python, folder, port):
        self.python, self.folder, self.port, self.process = python, folder, port, None
        self.url, self.token = f"http://127.0.0.1:{port}", None
        self.config = os.path.join(folder, "config")
        os.makedirs(self.config, exist_ok=True)
        with open(os.path.join(self.config, "configuration.yaml"), "w") as f:
            f.write(CONFIGURATION.format(port=port))
        self.output = os.path.join(folder, "home-assistant.out")

    def start(self, seconds=180):
        """Starts it and waits until the REST API answers (with the token once there is one);
        the seconds it took."""
        started = time.monotonic()
        out = open(self.output, "ab")
        self.process = subprocess.Popen([self.python, "-m", "homeassistant", "--config", self.config], stdout=out,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=dict(os.environ, TZ="UTC"))
        out.close()
        path = "/api/" if self.token else "/api/onboarding"
        end = started + seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise Failed(f"Home Assistant exited with {self.process.returncode}: {self.log()[-1500:]}")
            if "core failed to initialize" in self.log():
                raise Failed(f"Home Assistant's core failed to initialize: {self.log()[-1500:]}")
            try:
                status, _ = self.request("GET", path, timeout=2)
                if status == 200:
                    return time.monotonic() - started
            except OSError:
                pass
            time.sleep(0.25)
        raise Failed(f"GET {path} did not answer 200 within {seconds} s: {self.log()[-1500:]}")

    def stop(self, seconds=60):
        """SIGTERM (it saves its registries and restore state), SIGKILL after `seconds`."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def log(self):
        try:
            with open(self.output, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    # Setting it up: the users step only (core_config would set up integrations that reach out).

    def onboard(self):
        client = f"{self.url}/"
        status, answer = self.request("POST", "/api/onboarding/users", dict(USER, client_id=client))
        if status != 200 or "auth_code" not in answer:
            raise Failed(f"POST /api/onboarding/users: {status} {answer}")
        form = {"grant_type": "authorization_code", "code": answer["auth_code"], "client_id": client}
        status, tokens = self.request("POST", "/auth/token", form=form)
        if status != 200 or "access_token" not in tokens:
            raise Failed(f"POST /auth/token: {status} {tokens}")
        self.token = tokens["access_token"]
        reply = self.websocket([{"type": "auth/long_lived_access_token", "client_name": "flipclock test", "lifespan": 30}])[0]
        if not reply.get("success"):
            raise Failed(f"auth/long_lived_access_token: {reply}")
        self.token = reply["result"]

    def add_mqtt(self, broker_port):
        """The MQTT integration through its config flow, as the UI adds it: the broker's form."""
        status, flow = self.request("POST", "/api/config/config_entries/flow", {"handler": "mqtt", "show_advanced_options": False})
        if status != 200 or flow.get("type") != "form":
            raise Failed(f"the MQTT config flow: {status} {flow}")
        status, done = self.request("POST", f"/api/config/config_entries/flow/{flow['flow_id']}",
                                    {"broker": "127.0.0.1", "port": broker_port})
        if status != 200 or done.get("type") != "create_entry":
            raise Failed(f"the MQTT broker form: {status} {done}")
        return done

    # The APIs.

    def version(self):
        """The running Home Assistant's (year, month), from GET /api/config: `2024.5.5` is (2024, 5)."""
        status, answer = self.request("GET", "/api/config")
        if status != 200 or not isinstance(answer, dict):
            raise Failed(f"GET /api/config: {status} {str(answer)[:200]}")
        year, month = answer["version"].split(".")[:2]
        return int(year), int(month)

    def request(self, method, path, body=None, form=None, timeout=30):
        """(status, decoded JSON or text); OSError when nothing answers."""
        headers, data = {}, None
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if body is not None:
            headers["Content-Type"], data = "application/json", json.dumps(body).encode()
        elif form is not None:
            headers["Content-Type"], data = "application/x-www-form-urlencoded", urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, text = response.status, response.read().decode(errors="replace")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def states(self):
        """{entity_id: state object} from GET /api/states."""
        status, answer = self.request("GET", "/api/states")
        if status != 200:
            raise Failed(f"GET /api/states: {status} {str(answer)[:300]}")
        return {s["entity_id"]: s for s in answer}

    def call(self, domain, service, data):
        """POST /api/services/DOMAIN/SERVICE; (status, answer)."""
        return self.request("POST", f"/api/services/{domain}/{service}", data)

    def wait(self, entity_id, ready, seconds=20):
        """Polls the entity's state object until `ready(state)` is true (state None: no such entity);
        (True, state) or (False, the last state seen) at the deadline."""
        end, state = time.monotonic() + seconds, None
        while True:
            state = self.states().get(entity_id)
            try:
                if ready(state):
                    return True, state
            except (KeyError, TypeError, ValueError):
                pass
            if time.monotonic() >= end:
                return False, state
            time.sleep(0.25)

    def websocket(self, commands, seconds=30):
        """Sends each command over /api/websocket after authenticating; their result messages."""
        return asyncio.run(asyncio.wait_for(self._websocket(commands), seconds))

    async def _websocket(self, commands):
        async with aiohttp.ClientSession() as session, session.ws_connect(f"{self.url}/api/websocket") as socket:
            await socket.receive_json()  # auth_required
            await socket.send_json({"type": "auth", "access_token": self.token})
            answer = await socket.receive_json()
            if answer.get("type") != "auth_ok":
                raise Failed(f"the WebSocket API refused the token: {answer}")
            results = []
            for number, command in enumerate(commands, start=1):
                await socket.send_json(dict(command, id=number))
                while True:
                    message = await socket.receive_json()
                    if message.get("id") == number and message.get("type") == "result":
                        results.append(message)
                        break
            return results

    def registry(self):
        """(entities, devices) of the entity and device registries, as lists of dicts."""
        entities, devices = self.websocket([{"type": "config/entity_registry/list"}, {"type": "config/device_registry/list"}])
        return entities.get("result", []), devices.get("result", [])


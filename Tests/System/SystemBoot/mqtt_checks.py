"""The boot test's checks of MQTT under the unit as shipped, on the same booted guest, against
Debian's mosquitto running in it (from the image, local-only: 127.0.0.1:1883, anonymous):
[mqtt] without the drop-in keeps the clock running and names the drop-in; with
/usr/share/flipclock/mqtt.conf copied into place as the README says, the clock is online on the
broker, announced to Home Assistant, and takes a score; killed with SIGKILL, the broker says
offline (the last will) until systemd has it back online; then the unit is as shipped again."""
import os

CONFIG = "/etc/flipclock/flipclock.toml"
MQTT = '\n[[score]]\nname = "home"\n\n[mqtt]\nhost = "127.0.0.1"\nbase_topic = "flipclock/boot"\n'
DROP_IN = "/etc/systemd/system/flipclockd.service.d/mqtt.conf"


class MQTTChecks:
    """Mixed into Checks: the same guest, face and helpers."""

    mqtt_names = [
        ("[mqtt] without the drop-in: the clock runs, the journal names the drop-in", "mqtt_without_drop_in"),
        ("[mqtt] with the drop-in: online on the broker, announced, a score set through MQTT", "mqtt_with_drop_in"),
        ("SIGKILL: the broker says offline (the last will), online again after the restart", "mqtt_last_will"),
        ("without [mqtt] and the drop-in: the unit as shipped, running", "mqtt_restored"),
    ]

    def retained(self, topic):
        """The retained payload on `topic` in the guest's broker ('' if none)."""
        return self.guest.out_of(f"mosquitto_sub -h 127.0.0.1 -t '{topic}' -C 1 -W 3 --retained-only 2>/dev/null", timeout=20)

    def mqtt_without_drop_in(self):
        g = self.guest
        broker = g.out_of("systemctl is-active mosquitto.service || (systemctl start mosquitto.service; systemctl is-active mosquitto.service)")
        g.write(CONFIG, self.face + MQTT)
        cursor = g.cursor()
        self.restart()
        s = self.wait_running(60)
        said = g.wait(lambda: [m for _, c, m in self.unit_lines(cursor) if c == "flipclockd" and "mqtt: 127.0.0.1:1883" in m], 15)
        ok = (broker == "active" and s.get("SubState") == "running" and s.get("NRestarts") == "0"
              and any("Address family not supported" in m and "/usr/share/flipclock/mqtt.conf" in m for m in said or []))
        return ok, f"mosquitto {broker}; {self.describe(s)}; daemon said {(said or [])[:1]}" + (
            "" if ok else f"; journal: {self.tail(self.unit_lines(cursor))}")

    def mqtt_with_drop_in(self):
        g = self.guest
        g.sh(f"mkdir -p {os.path.dirname(DROP_IN)} && cp /usr/share/flipclock/mqtt.conf {os.path.dirname(DROP_IN)}/", timeout=20)
        self.restart()
        s = self.wait_running(60)
        status = g.wait(lambda: self.retained("flipclock/boot/status") == "online" and "online", 20)
        configs = g.out_of("mosquitto_sub -h 127.0.0.1 -t 'homeassistant/+/+/+/config' -W 3 --retained-only -v"
                           " 2>/dev/null | wc -l", timeout=20)
        g.sh("mosquitto_pub -h 127.0.0.1 -q 1 -t flipclock/boot/score/home/set -m 7", timeout=20)
        score = g.wait(lambda: self.retained("flipclock/boot/score/home") == "7" and "7", 15)
        told = g.out_of("flipclockctl status")
        # Every entity of a face with one score: the score and its three buttons, the message, its seconds, the
        # screen, three diagnostics, the time's synchronisation.
        ok = s.get("SubState") == "running" and status == "online" and configs == "11" and score == "7" and "home=7" in told
        return ok, f"{self.describe(s)}; status {status}; {configs} discovery configs; score topic {score}; flipclockctl: {told}"

    def mqtt_last_will(self):
        g = self.guest
        before = self.state()
        g.sh("systemctl kill -s KILL flipclockd.service", timeout=20)
        offline = g.wait(lambda: self.retained("flipclock/boot/status") == "offline" and "offline", 10, step=0.3)
        after = g.wait(lambda: (lambda s: s if s.get("SubState") == "running" and s.get("MainPID") != before.get("MainPID") else None)(
            self.state()), 60) or self.state()
        online = g.wait(lambda: self.retained("flipclock/boot/status") == "online" and "online", 20)
        score = self.retained("flipclock/boot/score/home")
        ok = offline == "offline" and online == "online" and score == "7" and int(after.get("NRestarts", 0)) > int(before.get("NRestarts", 0))
        return ok, (f"pid {before.get('MainPID')} killed: status {offline}; NRestarts {before.get('NRestarts')}→{after.get('NRestarts')};"
                    f" status {online}, score {score} kept")

    def mqtt_restored(self):
        g = self.guest
        g.sh(f"rm -r {os.path.dirname(DROP_IN)}", timeout=20)
        g.write(CONFIG, self.face)
        self.restart()
        s = self.wait_running(60)
        drop_ins = g.show("flipclockd.service", "DropInPaths").get("DropInPaths", "")
        ok = s.get("SubState") == "running" and drop_ins == ""
        return ok, f"{self.describe(s)}; drop-ins '{drop_ins}'"

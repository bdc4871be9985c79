"""The stand-in for Home Assistant: paho-mqtt clients (MQTT 5) on the broker's plain listener.

`Listener` sees every message published after it subscribed, with the retain flag it was
published with (retain-as-published; the broker's retained copies are not sent to it), and
sends commands. `retained` is what a client that subscribes now is given: the broker's
retained messages."""
import threading
import time
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.subscribeoptions import SubscribeOptions


@dataclass
class Message:
    topic: str
    payload: bytes
    retain: bool
    at: float

    @property
    def text(self):
        return self.payload.decode(errors="replace")


class Listener:
    def __init__(self, port, topics, name, live=True):
        self.messages, self.lock, self.subscribed = [], threading.Lock(), threading.Event()
        # retainHandling 2: none of the broker's retained copies, only what is published from now on.
        options = SubscribeOptions(qos=1, retainAsPublished=True, retainHandling=2 if live else 0)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, protocol=mqtt.MQTTv5)
        self.client.on_connect = lambda c, u, f, reason, p: c.subscribe([(t, options) for t in topics])
        self.client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        self.client.on_message = self._received
        self.client.connect("127.0.0.1", port, keepalive=30)
        self.client.loop_start()

    def _received(self, client, userdata, message):
        # The first 64 KiB: the clock publishes less; the fuzz's echoes of its own megabytes need no keeping.
        with self.lock:
            self.messages.append(Message(message.topic, bytes(message.payload[:65536]), bool(message.retain), time.monotonic()))

    def mark(self):
        """Where the messages from now on start, for `find` and `since`."""
        with self.lock:
            return len(self.messages)

    def since(self, mark, topic=None):
        with self.lock:
            return [m for m in self.messages[mark:] if topic is None or m.topic == topic]

    def find(self, mark, topic, payload=None, seconds=10):
        """The first message on `topic` (with `payload`, if given) from `mark` on, within `seconds`."""
        end = time.monotonic() + seconds
        while True:
            for m in self.since(mark, topic):
                if payload is None or m.payload == (payload.encode() if isinstance(payload, str) else payload):
                    return m
            if time.monotonic() >= end:
                return None
            time.sleep(0.02)

    def publish(self, topic, payload, retain=False):
        info = self.client.publish(topic, payload, qos=1, retain=retain)
        info.wait_for_publish(10)
        return info.is_published()

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def retained(port, topics, name="flipclock-test-reader", seconds=5):
    """The broker's retained messages on `topics`, {topic: payload}: a client subscribes and reads
    until nothing more has come for 0.3 s."""
    reader = Listener(port, topics, name, live=False)
    try:
        reader.subscribed.wait(seconds)
        end, count, quiet_since = time.monotonic() + seconds, -1, time.monotonic()
        while time.monotonic() < end and time.monotonic() - quiet_since < 0.3:
            if reader.mark() != count:
                count, quiet_since = reader.mark(), time.monotonic()
            time.sleep(0.05)
        return {m.topic: m.payload for m in reader.since(0) if m.retain}
    finally:
        reader.close()

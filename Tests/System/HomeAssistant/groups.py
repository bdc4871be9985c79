"""A group in Home Assistant itself: both clocks (lifecycle.py's two, same host name) join `hall`
at a reload; HA shows ONE device, flipclock group hall, with one light and one notify (both
clocks announce the same configs); the group's light turns both screens off and dims both, and
its notify shows the message on both."""
import json
import signal

from control import served, until

GROUP = "flipclock_group_hall"


def check(context):
    check, ha = context.check, context.ha
    clocks = [context.clock, *context.others[:1]]
    if len(clocks) < 2 or not all(c.daemon.alive() for c in clocks):
        return
    for clock in clocks:
        clock.daemon.configure(dict(clock.daemon.mqtt, groups=["hall"]))
        clock.daemon.signal(signal.SIGHUP)

    def group_entities():
        registry, devices = ha.registry()
        mine = [e for e in registry if e.get("platform") == "mqtt" and (e.get("unique_id") or "").startswith(f"{GROUP}_")]
        named = [d for d in devices if d.get("name") == "flipclock group hall"]
        return mine, named

    # Both members subscribed to the group (mosquitto logs `CLIENT QOS TOPIC`): HA's entities
    # appear with the first member's announcement, and a command then would miss the second.
    wanted = [f"{c.daemon.mqtt['client_id']} 1 flipclock/group/hall/screen/set" for c in clocks]
    joined, _ = until(context.broker.log, lambda log: all(line in log for line in wanted), seconds=30)
    check("both clocks subscribe to hall's topics at the reload (mosquitto's log)", joined, "" if joined else f"wanted {wanted}")
    ok, (found, devices) = until(group_entities, lambda r: len(r[0]) == 2 and len(r[1]) == 1, seconds=30)
    ids = {e["unique_id"]: e["entity_id"] for e in found}
    check("both clocks join hall at a reload: one device flipclock group hall, one light and one notify (not one per clock)",
          ok and ids == {f"{GROUP}_screen": "light.flipclock_group_hall_screen", f"{GROUP}_message": "notify.flipclock_group_hall_message"},
          f"{ids}; {len(devices)} devices")
    light, notify = ids.get(f"{GROUP}_screen"), ids.get(f"{GROUP}_message")
    if light and served(context, "light", "turn_off", {"entity_id": light}):
        ok, states = until(lambda: [c.status() for c in clocks], lambda s: all(x["screen"] == "off" for x in s))
        check("the group's light.turn_off turns both clocks' screens off", ok, str([(s or {}).get("screen") for s in states]))
    if light and served(context, "light", "turn_on", {"entity_id": light, "brightness_pct": 30}):
        ok, states = until(lambda: [c.status() for c in clocks], lambda s: all(x["screen"] == "dim 30%" for x in s))
        seen, state = ha.wait(light, lambda s: s["state"] == "on")
        check("the group's light.turn_on brightness_pct 30 dims both to 30 %, and HA shows it on (optimistic)", ok and seen,
              f"{[(s or {}).get('screen') for s in states]}; HA {state and state['state']}")
    if notify and served(context, "notify", "send_message", {"entity_id": notify, "message": "ALL"}):
        def shown():
            lists = []
            for c in clocks:
                code, said = c.ctl("message", "--list", "--json")
                lists.append([x["text"] for x in json.loads(said).get("messages", [])] if code == 0 else said)
            return lists
        ok, lists = until(shown, lambda m: all("ALL" in x for x in m))
        check("the group's notify.send_message shows the message on both clocks", ok, str(lists))
    for clock in clocks:
        clock.ctl("screen", "on")

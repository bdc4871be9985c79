"""The lives around the entities: the clock killed with SIGKILL (its last will makes them
unavailable) and started again (available, its scores kept); Home Assistant restarted (they come
back with their states); and a second clock with the same host name beside the first (neither
takes or deletes the other's entities)."""
import entities
from control import until

# The entities whose states outlive a restart, and compared across one.
KEPT = [("number", "score_home"), ("number", "score_away"), ("text", "text_board"), ("number", "message_seconds"),
        ("light", "screen"), ("sensor", "timer_egg")]


def check(context):
    if not getattr(context, "ids", None):
        return
    check_kill(context)
    check_ha_restart(context)
    check_two_clocks(context)


def states_of(context, ids):
    states = context.ha.states()
    return {entity_id: states.get(entity_id, {}).get("state") for entity_id in ids}


def check_kill(context):
    check, clock, ids = context.check, context.clock, list(context.ids.values())
    kept = [context.ids[key] for key in KEPT if key in context.ids]
    before = states_of(context, kept)
    clock.kill()
    ok, states = until(lambda: states_of(context, ids), lambda s: all(v == "unavailable" for v in s.values()), seconds=30)
    check(f"kill -9 of the clock: all {len(ids)} of its entities become unavailable (the last will)", ok,
          f"not unavailable: { {k: v for k, v in states.items() if v != 'unavailable'} }")
    if not clock.start():
        check("the clock starts again", False, clock.daemon.failure or clock.log()[-1500:])
        return
    ok, states = until(lambda: states_of(context, ids), lambda s: "unavailable" not in s.values() and all(s[e] == before[e] for e in kept),
                       seconds=30)
    check("restarted: every entity available again, with the scores, text, message seconds, screen and timer it had", ok,
          f"before {before}; after { {e: states.get(e) for e in kept} }; unavailable {sorted(k for k, v in states.items() if v == 'unavailable')}")


def check_ha_restart(context):
    check, ha = context.check, context.ha
    kept = [context.ids[key] for key in KEPT if key in context.ids]
    before = states_of(context, kept)
    everything = list(context.ids.values())
    ha.stop()
    try:
        took = ha.start()
    except Exception as error:  # noqa: BLE001  (reported as the check's detail)
        check("Home Assistant starts again", False, str(error))
        return
    check("Home Assistant starts again, GET /api/ answers 200 with the token", True, f"{took:.1f} s")
    ok, after = until(lambda: states_of(context, everything), lambda s: all(v not in (None, "unavailable") for v in s.values())
                      and all(s[e] == before[e] for e in kept), seconds=60)
    check(f"after the restart every entity is back ({len(everything)}) with its state", ok,
          f"before {before}; after { {e: after.get(e) for e in kept} }; missing or unavailable "
          f"{sorted(e for e, v in after.items() if v in (None, 'unavailable'))}")


def check_two_clocks(context):
    """A second clock, same host name, its own base topic and client id: both clocks' entities."""
    check, ha, first = context.check, context.ha, context.clock
    second = context.new_clock("second", "flipclock/second")
    context.others.append(second)
    if not second.start():
        check("a second clock (same host name, base_topic flipclock/second) starts", False, second.log()[-1500:])
        return
    first.ctl("score", "set", "home", "7")
    second.ctl("score", "set", "home", "2")
    second_ids = entities.entity_ids(context, second, seconds=30)
    first_ids = entities.entity_ids(context, first, seconds=5)
    # Both clocks' configs at once, in one reading of the broker: sharing config topics, they can only take turns.
    wanted, topics = entities.expected(), (f"{first.base}/status", f"{second.base}/status")
    ok, configs = until(lambda: entities.announced_by_clock(context),
                        lambda c: all(set(c.get(t, {})) >= wanted for t in topics), seconds=15)
    check("two clocks: both clocks' entities stay announced side by side (issue 33, finding 2)", ok,
          "the broker keeps configs for " + ", ".join(f"{t.split('/')[1]}'s {len(set(configs.get(t, {})) & wanted)} of {len(wanted)}"
                                                      for t in topics))
    mine, theirs = first_ids.get(("number", "score_home")), second_ids.get(("number", "score_home"))
    ok, states = until(lambda: ha.states(), lambda s: mine and theirs and mine != theirs
                       and s[mine]["state"] == "7" and s[theirs]["state"] == "2", seconds=15)
    check("two clocks: each has its own score entity in Home Assistant, showing its own score (7 and 2) (issue 33, finding 2)", ok,
          f"first's {mine} {states.get(mine, {}).get('state') if mine else None}, second's {theirs} "
          f"{states.get(theirs, {}).get('state') if theirs else None}")
    shared = sorted(set(context.ids.values()) & set(second_ids.values()))
    check("two clocks: the second takes none of the first's entities (issue 33, finding 2)", not shared and second_ids,
          f"{len(second_ids)} entities for the second; {len(shared)} of them were the first's: {shared[:3]}…")

"""Oracle compiler form for a trigger event limited to a turn (issue 13): "Whenever a Mutant you
control dies during your turn", "Whenever one or more cards leave your graveyard during your turn",
"Whenever you sacrifice another nontoken permanent during an opponent's turn" (CR 603.2: the
ability triggers only when the event happens during that player's turn).

The sentence without the turn is read by the form that reads it (``single``: oracle_leaves,
oracle_graveyard_events), and its ``when`` gets ``during``: asp/trigger_limits.lp judges the turn
as the event happens, relative to the ability's controller.  Only the events whose rules read
``during`` (DURING_EVENTS); a cast trigger's "during your turn" is oracle_cast's.  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable
from pysolver.cards.oracle_triggers import triggered_of

DURING = re.compile(r"(?P<event>(?:When|Whenever) [^,]+?) during (?P<whose>your|an opponent's) turn, (?P<effect>.+)")
WHOSE = {"your": "you", "an opponent's": "opponent"}
# The events whose trigger rules read trig_during/2 (asp/zone_change.lp, asp/player_events.lp); a card drawn
# only in `pysolver next` (asp/player_events.lp; `turn` refuses the draw step's draw where it may trigger).
DURING_EVENTS = ("dies", "sacrifice", "put_into_graveyard", "leaves", "leave_graveyard", "draw", "gain_life",
                 "lose_life")


def turn_event_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                    ) -> tuple[list[tuple[str, Any]], str] | None:
    """"[event] during your turn, [effect]": the event and effect as ``single`` reads them, one
    triggered ability (or one for each of its events) of an event in DURING_EVENTS, whose ``when``
    gets ``during`` (you or opponent); None otherwise."""
    m = DURING.fullmatch(bare)
    if not m:
        return None
    found = single(f"{m.group('event')}, {m.group('effect')}")
    if found is None:
        return None
    data, why = found
    abilities = triggered_of(data)
    if not abilities or len(data) != len(abilities) or any(
            each["when"].get("event") not in DURING_EVENTS for each in abilities):
        return None
    for each in abilities:  # "Whenever you gain or lose life during your turn": each event's ability
        each["when"]["during"] = WHOSE[m.group("whose")]
    whose = "its controller's" if m.group("whose") == "your" else "an opponent's"
    return data, f"{why}; only during {whose} turn (CR 603.2)"

"""Oracle compiler form for abilities that trigger on damage (issue 13): "Whenever ~ is dealt
damage", "Whenever a creature deals damage to you", "Whenever a source you control deals
noncombat damage" (CR 603.2, 120).

`pysolver next` deals damage (spells and abilities with damage, riders of abilities, CR 120.3),
so such a trigger is never irrelevant; combat damage alone ("deals combat damage") is a combat
trigger, which pysolver.cards.oracle classifies.  Which damage event triggers which ability (its
source, its recipient, combat or not) isn't modelled: the ability is compiled with its text, and
next refuses an action that deals damage while it is on the battlefield (asp/damage_triggers.lp).
Called by pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or
None."""

from __future__ import annotations

import re
from typing import Any

DAMAGE_EVENT = re.compile(r"(?:Whenever|When) (?P<event>[^,]*?\b(?:deals?|(?:is|are) dealt) (?:noncombat )?damage\b"
                          r"[^,]*), (?P<effect>.+)")
WHY = ("a triggered ability on damage dealt (CR 603.2, 120): pysolver next refuses an action that deals "
       "damage while it is on the battlefield")


def damage_trigger_form(bare: str, name: str, combat: re.Pattern[str]) -> tuple[list[tuple[str, Any]], str] | None:
    """``combat``: the words of a combat event (pysolver.cards.oracle.COMBAT)."""
    m = DAMAGE_EVENT.fullmatch(bare)
    if m is None or combat.search(m.group("event")):
        return None  # combat damage, an attacking or blocking creature: a combat trigger
    return [("ability", {"triggered": {"when": {"event": "damage"},
                                       "text": m.group("effect").replace("~", name)}})], WHY

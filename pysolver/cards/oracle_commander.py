"""Commanders (CR 903.3) in a filter (issue 13): "Commanders you control have ward {2}", "for each commander you
control", "Whenever a commander an opponent controls dies".

A commander is a designation of a card, which a board states only for the permanents on the battlefield (its
``commander: true``, pysolver/board.py); a hand, a library or a spell on the stack can't say it.  A filter that
looks for commanders (noun_filter's ``commander``) is judged where it reads permanents the board states (a static
ability's objects and counts, costs, what a mana ability reflects, a trigger on an event of a permanent on the
battlefield, an alternative cost's condition on the permanents its caster controls); where it would read a
permanent entering or a spell cast, the sentence stays not understood."""

from __future__ import annotations

from typing import Any

UNJUDGED = ("a commander among permanents entering the battlefield or spells (CR 903.3): a board states the "
            "designation only for permanents on the battlefield")
# The trigger events a filter reads on a spell or on a permanent entering the battlefield.
ENTERING = ("permanent_enters", "enters", "cast", "cast_self")


def _names_commander(data: Any) -> bool:
    if isinstance(data, dict):
        return data.get("commander") is True or any(_names_commander(v) for v in data.values())
    if isinstance(data, list):
        return any(_names_commander(v) for v in data)
    return False


def _permanents_counted(data: dict[str, Any]) -> bool:
    """CR 118.9, 903.3: alternative costs whose commanders are permanents on the battlefield only: a condition that
    counts the permanents a player controls ("If you control a commander, you may cast this spell without paying its
    mana cost", asp/alternative_costs.lp) or a permanent sacrificed or returned to its owner's hand."""
    if set(data) != {"alternative_costs"}:
        return False
    for alternative in data["alternative_costs"]:
        items = alternative if isinstance(alternative, list) else alternative.get("cost", [])
        amounts = [] if isinstance(alternative, list) else [c["amount"] for c in alternative.get("if", [])]
        if any(_names_commander(a) and not (isinstance(a, dict) and set(a) == {"count"} and "zone" not in a["count"])
               for a in amounts):
            return False
        if any(_names_commander(i) and not (isinstance(i, dict) and set(i) <= {"sacrifice", "return_to_hand"})
               for i in items):
            return False
    return True


def unjudged_commander(compiled: list[tuple[str, Any]]) -> str | None:
    """Why a line's compiled data looks for commanders where no board states them, or None."""
    for kind, data in compiled:
        if not _names_commander(data) or (kind == "card" and _permanents_counted(data)):
            continue
        if kind != "ability":
            return UNJUDGED  # card data: what enters ("others_enter_with_counters"), a spell's own filters
        triggered = data.get("triggered")
        if triggered is not None and triggered.get("when", {}).get("event") in ENTERING:
            return UNJUDGED
        if "spell" in repr(data) or "cast" in repr(data):
            return UNJUDGED  # a spell's filter (a cost change, a prohibition): judged on cards
    return None

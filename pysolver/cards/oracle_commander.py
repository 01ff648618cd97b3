"""Commanders (CR 903.3) in a filter (issue 13): "Commanders you control have ward {2}", "for each commander you
control", "Whenever a commander an opponent controls dies".

A commander is a designation of a card, which a board states only for the permanents on the battlefield (its
``commander: true``, pysolver/board.py); a hand, a library or a spell on the stack can't say it.  A filter that
looks for commanders (noun_filter's ``commander``) is judged where it reads permanents the board states (a static
ability's objects and counts, costs, what a mana ability reflects, a trigger on an event of a permanent on the
battlefield); where it would read a permanent entering or a spell cast, the sentence stays not understood."""

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


def unjudged_commander(compiled: list[tuple[str, Any]]) -> str | None:
    """Why a line's compiled data looks for commanders where no board states them, or None."""
    for kind, data in compiled:
        if not _names_commander(data):
            continue
        if kind != "ability":
            return UNJUDGED  # card data: what enters ("others_enter_with_counters"), a spell's own filters
        triggered = data.get("triggered")
        if triggered is not None and triggered.get("when", {}).get("event") in ENTERING:
            return UNJUDGED
        if "spell" in repr(data) or "cast" in repr(data):
            return UNJUDGED  # a spell's filter (a cost change, a prohibition): judged on cards
    return None

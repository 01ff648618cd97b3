"""Costs whose size the player chooses (X, CR 107.3a, 601.2b, 602.2b).

"Sacrifice X Goats", "Tap X untapped artifacts you control", "Remove X time counters
from ~ and exile it": the controller announces X as the ability is activated, then pays
the cost with that X (601.2h).  This module holds those cost forms for the compiler of
pysolver/cards/oracle.py; which X a mana ability's amount reads is ``chosen_x``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pysolver.cards import patterns as rx

# (pattern, meaning): each takes the compiler's noun_filter, so the nouns are read once.
NounFilter = Callable[..., dict[str, Any]]


def x_cost_item(part: str, noun_filter: NounFilter) -> Any | None:
    """A cost item with X in it, or None when the part is not one of these forms."""
    m = rx.fullmatch(r"Sacrifice X ([\w\- ]+)", part)
    if m:  # CR 107.3a, 701.17a: X permanents matching, chosen as the cost is paid
        return {"sacrifice_x": noun_filter(m.group(1), plural=True, other=True)}
    m = rx.fullmatch(r"Tap X untapped ([\w\- ]+) you control", part)
    if m:  # CR 107.3a, 118.3: X untapped ones (X may be 0)
        return {"tap_untapped": {"count": "X", "filter": noun_filter(m.group(1), plural=True, other=True)}}
    return None


def split_and_self(part: str) -> list[str]:
    """``Remove X time counters from ~ and exile it``: one cost part that does two things
    (CR 602.1a: the cost is everything before the colon), as two parts: ``Remove X time
    counters from ~`` and ``Exile ~``.  A part of another form is returned alone."""
    m = rx.fullmatch(r"(Remove .+ from ~) and (exile|sacrifice) (?:it|~)", part)
    if not m:
        return [part]
    return [m.group(1), f"{m.group(2).capitalize()} ~"]


def chosen_x(costs: Sequence[Any]) -> str | None:
    """What X counts in a cost that announces it: "counters" (Remove X counters),
    "sacrificed" (Sacrifice X ...), "tapped" (Tap X untapped ...), or None.  A mana
    ability's "Add X mana" reads it."""
    found = []
    for item in costs:
        if not isinstance(item, dict):
            continue
        if item.get("remove_counters", {}).get("count") == "X":
            found.append("counters")
        elif "sacrifice_x" in item:
            found.append("sacrificed")
        elif item.get("tap_untapped", {}).get("count") == "X":
            found.append("tapped")
    return found[0] if len(found) == 1 else None


def x_costs(costs: Sequence[Any]) -> int:
    """How many items of the cost announce an X (more than one shares one X, CR 107.3i)."""
    return sum(1 for item in costs if isinstance(item, dict) and (
        item.get("remove_counters", {}).get("count") == "X" or "sacrifice_x" in item
        or item.get("tap_untapped", {}).get("count") == "X"))


SACRIFICED_STATS = {"mana value": "mana_value", "power": "power", "toughness": "toughness"}


def sacrificed_amount(phrase: str, costs: Sequence[Any]) -> dict[str, Any] | None:
    """CR 608.2h: "the sacrificed creature's mana value": read from the one permanent the
    cost sacrifices, as it last existed.  None when the phrase is not of this form or the
    cost sacrifices no single permanent (the compiler then says why)."""
    m = rx.fullmatch(r"the sacrificed [a-z]+'s (mana value|power|toughness)", phrase)
    if not m or sum(1 for item in costs if isinstance(item, dict) and "sacrifice" in item) != 1:
        return None
    return {"sacrificed": SACRIFICED_STATS[m.group(1)]}

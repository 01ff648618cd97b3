"""A spell's own cost change (CR 113.6d, 601.2f), for the compiler of pysolver/cards/oracle.py.

"This spell costs {X} less to cast, where X is the greatest power among creatures you
control", "This spell costs {1} less to cast for each creature card in your graveyard": the
card's ``own_cost``, generic mana less (or more) for each one of an amount the rules count
for the caster as the total cost is determined (asp/cost_changes.lp, asp/amounts.lp).
"""

from __future__ import annotations

import re
from typing import Any, Callable

OWN_COST = re.compile(r"This spell costs \{(?P<n>X|\d+)\} (?P<how>less|more) to cast"
                      r"(?:, where X is (?P<where>.+)| for each (?P<each>.+))")


def own_cost(bare: str, amount_from: Callable[[str], Any],
             unsupported: Callable[[str], Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a spell's own cost change, or None when the line is not
    one; an amount no rule counts for a cost raises ``unsupported``."""
    m = OWN_COST.fullmatch(bare)
    if not m or (m.group("n") == "X") != bool(m.group("where")):
        return None
    phrase = m.group("where") or "the number of " + m.group("each")
    amount = amount_from(phrase)
    if not _counted_for_a_cost(amount):
        raise unsupported(f"the amount '{phrase}' of a spell's cost change")
    per = 1 if m.group("n") == "X" else int(m.group("n"))
    if per == 0:
        return None
    return ([("card", {"own_cost": {m.group("how"): per, "per": amount}})],
            "its own ability that changes what it costs (CR 113.6d, 601.2f): pay --spell reads it")


def _counted_for_a_cost(amount: Any) -> bool:
    """The amounts asp/cost_changes.lp counts: the greatest power or toughness among
    permanents, a count of permanents or of graveyard cards, the life gained this turn;
    never one that leaves out "other" objects (a spell being cast is on no battlefield)."""
    if amount == "life_gained":
        return True
    if not isinstance(amount, dict) or len(amount) != 1:
        return False
    (kind, spec), = amount.items()
    return kind in ("greatest", "count") and not spec["filter"].get("other")

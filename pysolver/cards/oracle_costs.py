"""What a spell costs, for the compiler of pysolver/cards/oracle.py: its own cost change
(CR 113.6d, 601.2f) and its alternative costs (118.9).

"This spell costs {X} less to cast, where X is the greatest power among creatures you
control", "This spell costs {1} less to cast for each creature card in your graveyard": the
card's ``own_cost``, generic mana less (or more) for each one of an amount the rules count
for the caster as the total cost is determined (asp/cost_changes.lp, asp/amounts.lp).
"You may pay {1} and return a basic land you control to its owner's hand rather than pay this
spell's mana cost": the card's ``alternative_costs``, which pay --spell pays beside its mana cost.
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


ALTERNATIVE = re.compile(r"You may (?P<costs>.+) rather than pay this spell's mana cost")
RETURN_TO_HAND = re.compile(r"return (?:a|an) (?P<what>.+) you control to its owner's hand")
# The filters the payment search reads on the permanents a cost chooses (pay's _matching).
CHOSEN_BY = {"types", "subtypes", "supertypes", "colors"}


def alternative_cost(bare: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                     unsupported: Callable[[str], Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 118.9: "You may pay {1} and return a basic land you control to its owner's hand rather
    than pay this spell's mana cost" -> the card's ``alternative_costs`` (one list of cost items),
    or None when the line is not one; a part pay can't pay raises ``unsupported``."""
    m = ALTERNATIVE.fullmatch(bare)
    if not m:
        return None
    items: list[Any] = []
    for part in m.group("costs").split(" and "):
        items.append(_alternative_item(part, cost_item, noun_filter, unsupported))
    return ([("card", {"alternative_costs": [items]})],
            "an alternative cost (CR 118.9, 601.2b): pay --spell gives its ways beside the mana cost's")


def _alternative_item(part: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                      unsupported: Callable[[str], Exception]) -> Any:
    m = re.fullmatch(r"pay ((?:\{(?:\d+|[WUBRGC])\})+)", part)
    if m:
        return m.group(1)
    m = RETURN_TO_HAND.fullmatch(part)
    if m:  # CR 400.7: the permanent leaves the battlefield (it may be tapped for mana first, 601.2g-h)
        spec = noun_filter(m.group("what"))
        if set(spec) <= CHOSEN_BY:
            return {"return_to_hand": spec}
        raise unsupported(f"the alternative cost '{part}'")
    item = cost_item(part[0].upper() + part[1:])
    if isinstance(item, dict) and len(item) == 1:
        (kind, value), = item.items()
        if kind == "sacrifice" and set(value) <= CHOSEN_BY:
            return item
        if kind in ("pay_life", "discard") and isinstance(value, int):
            return item
    raise unsupported(f"the alternative cost '{part}'")

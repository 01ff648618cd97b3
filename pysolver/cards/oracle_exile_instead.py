"""Oracle compiler form of a permanent's replacement of other permanents going to a graveyard from the
battlefield (issue 13; CR 614.1a, 614.6, 700.4): "If a creature an opponent controls would die, exile it
instead", "If another creature would die, exile it instead", "If a permanent would be put into a graveyard,
exile it instead".  The event (dying: a creature or planeswalker put into a graveyard from the battlefield; or
any permanent put into a graveyard), the permanents it watches (a filter, whose, "another": not its source)
and what replaces it (exile) are its pieces.  The rule is asp/zone_change.lp's exiled_instead/2, which every
permanent `next`, `mana` and `outcomes` move to a graveyard goes through (pysolver/exiled_instead.py).  Not
read: cards from anywhere ("from anywhere", "your graveyard": a hand, a library, the stack), another zone
instead (a library, a hand), a condition of what happened this turn.  This module imports nothing of the
package: ``whose_filter`` and ``unsupported`` are pysolver.cards.oracle's."""

from __future__ import annotations

import re
from typing import Any, Callable

OTHERS_EXILED = re.compile(r"If (?P<what>.+?) would (?P<event>die|be put into a graveyard(?: from the battlefield)?), "
                           r"exile (?:it|that card|that permanent) instead")


def others_exiled_form(bare: str, whose_filter: Callable[..., tuple[str, dict[str, Any]]],
                       unsupported: type[Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    m = OTHERS_EXILED.fullmatch(bare)
    if m is None or m.group("what") == "~" or re.search(r"\b(this turn|dealt|card|cards|spell|token|chosen|"
                                                        r"that|was|were|enchanted|equipped)\b", m.group("what")):
        return None
    event = "dies" if m.group("event") == "die" else "graveyard"
    try:
        whose, spec = whose_filter(m.group("what"), other=True)
    except unsupported:
        return None
    if event == "dies" and spec.get("types") not in (["Creature"], ["Planeswalker"]):
        return None  # CR 700.4: only a creature or a planeswalker dies
    replacement = {"event": event, "whose": whose, "filter": spec}
    return ([("ability", {"exiled_instead": replacement})],
            ("a permanent of the kind that would die is exiled instead" if event == "dies" else
             "a permanent of the kind that would be put into a graveyard from the battlefield is exiled instead")
            + " (CR 614.1a, 614.6, 700.4; asp/zone_change.lp: every permanent a query moves to a graveyard)")

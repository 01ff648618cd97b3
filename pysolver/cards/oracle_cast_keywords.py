"""Keywords that are cast triggers, for the compiler of pysolver/cards/oracle.py (issue 13).

Prowess (CR 702.108a): "Whenever you cast a noncreature spell, this creature gets +1/+1 until
end of turn."  The keyword of a permanent card compiles to that triggered ability, the same data
as the sentence written out ("Whenever you cast a noncreature spell, ~ gets +1/+1 until end of
turn"): `pysolver next cast` puts it on the stack (asp/actions.lp) and `next resolve` applies it
(asp/outcomes.lp).  Each instance triggers separately (702.108b): each keyword a triggered ability.
"""

from __future__ import annotations

from typing import Any

# The keywords this module compiles (oracle.py's keyword lines read them as keywords).
CAST_KEYWORDS = frozenset({"prowess"})
# CR 702.108a: the spells prowess looks for (a noncreature spell its controller casts).
NONCREATURE = {"not_types": ["Creature"]}


def prowess(card: dict[str, Any]) -> tuple[str, Any]:
    """The triggered ability prowess stands for, on the permanent ``card``."""
    return ("ability", {"triggered": {
        "when": {"event": "cast", "filter": dict(NONCREATURE), "whose": "you"},
        "do": [{"pump_self": {"power": 1, "toughness": 1}}],
        "text": f"{card['name']} gets +1/+1 until end of turn"}})


def cast_keyword(piece: str, card: dict[str, Any], permanent: bool) -> tuple[str, Any] | None:
    """The ability a keyword line's ``piece`` stands for when it is a cast-trigger keyword of a
    permanent, else None."""
    if permanent and piece.lower() == "prowess":
        return prowess(card)
    return None

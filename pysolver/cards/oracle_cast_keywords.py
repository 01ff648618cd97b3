"""Keywords that are cast triggers, for the compiler of pysolver/cards/oracle.py (issue 13).

Prowess (CR 702.108a): "Whenever you cast a noncreature spell, this creature gets +1/+1 until
end of turn."  The keyword of a permanent card compiles to that triggered ability, the same data
as the sentence written out ("Whenever you cast a noncreature spell, ~ gets +1/+1 until end of
turn"): `pysolver next cast` puts it on the stack (asp/actions.lp) and `next resolve` applies it
(asp/outcomes.lp).  Each instance triggers separately (702.108b): each keyword a triggered ability.

Storm (CR 702.40a): "When you cast this spell, copy it for each other spell that was cast before
it this turn."  The keyword of an instant or sorcery card compiles to that triggered ability of
the spell (event cast_self, 601.2i, 113.6k) with the effect ``copy_self: spells_cast_before``:
`next cast` puts it on the stack with the count (its stack item's storm_count, the spells of
every player cast before it this turn) and `next resolve` puts that many copies of the spell on
the stack (707.10).  Each instance triggers separately (702.40b).
"""

from __future__ import annotations

from typing import Any

# The keywords this module compiles (oracle.py's keyword lines read them as keywords).
CAST_KEYWORDS = frozenset({"prowess", "storm"})
# CR 702.108a: the spells prowess looks for (a noncreature spell its controller casts).
NONCREATURE = {"not_types": ["Creature"]}
STORM_TEXT = "copy it for each other spell that was cast before it this turn"


def prowess(card: dict[str, Any]) -> tuple[str, Any]:
    """The triggered ability prowess stands for, on the permanent ``card``."""
    return ("ability", {"triggered": {
        "when": {"event": "cast", "filter": dict(NONCREATURE), "whose": "you"},
        "do": [{"pump_self": {"power": 1, "toughness": 1}}],
        "text": f"{card['name']} gets +1/+1 until end of turn"}})


def storm() -> tuple[str, Any]:
    """The triggered ability storm stands for, on an instant or sorcery card (CR 702.40a)."""
    return ("ability", {"triggered": {"when": {"event": "cast_self"},
                                      "do": [{"copy_self": "spells_cast_before"}], "text": STORM_TEXT}})


def _permanent(card: dict[str, Any]) -> bool:
    return not {"Instant", "Sorcery"} & set(card.get("types", []))


def cast_keyword(piece: str, card: dict[str, Any]) -> tuple[str, Any] | None:
    """The ability a keyword line's ``piece`` stands for when it is a cast-trigger keyword of a
    card it is compiled on (prowess on a permanent, storm on an instant or sorcery), else None."""
    name = piece.lower()
    if name == "prowess" and _permanent(card):
        return prowess(card)
    if name == "storm" and not _permanent(card):
        return storm()
    return None


def unmodelled_cast_keyword(name: str, card: dict[str, Any]) -> str | None:
    """Why a cast-trigger keyword (in lower case) of ``card``'s keyword line is not understood:
    storm on a permanent card (its copies would become tokens, CR 608.3f, which next doesn't make
    from storm), prowess on an instant or sorcery; None otherwise."""
    if name in CAST_KEYWORDS and cast_keyword(name, card) is None:
        rule = {"prowess": "702.108a", "storm": "702.40a"}[name]
        return f"{name}: a cast trigger on a card of a kind this compiler doesn't compile it for (CR {rule})"
    return None

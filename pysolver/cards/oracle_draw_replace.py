"""Oracle compiler form of a replacement of a player's draws that `pysolver next` doesn't apply (issue 13;
CR 614.1a, 121.1): "If you would draw a card, you may instead choose land or nonland and reveal cards ...",
"If a player would draw a card, that player exiles that card face up instead", "If you would draw a card
during your draw step, instead you may skip that draw".  The event (a draw), whose draws (its controller's, any
player's, its controller's opponents'), and a replacement next doesn't model: the card is compiled, and next
refuses a draw by such a player while the permanent is on the battlefield (pysolver/next_state.draw), as it
refuses a draw with dredge in the graveyard (702.52a).  "Draw two cards instead" with an empty hand is
oracle_replace's (applied).  This module imports nothing of the package."""

from __future__ import annotations

import re
from typing import Any

DRAW_REPLACED = re.compile(r"(?:As long as [^,.;:\"]+, i|I)f (?P<who>you|a player|an opponent|each opponent) would "
                           r"draw (?:a card|one or more cards)(?P<when>[^,.;:\"]*), (?P<what>[^.;:\"]*)")
WHOSE = {"you": "you", "a player": "any", "an opponent": "opponent", "each opponent": "opponent"}


def draw_replaced_form(bare: str) -> tuple[list[tuple[str, Any]], str] | None:
    m = DRAW_REPLACED.fullmatch(bare)
    if m is None or not re.search(r"\binstead\b|\bskip that draw\b", m.group("what")):
        return None
    whose = WHOSE[m.group("who")]
    players = {"you": "its controller", "any": "a player", "opponent": "an opponent of its controller"}[whose]
    return ([("ability", {"draw_replaced": {"whose": whose}})],
            f"a replacement of {players}'s draws (CR 614.1a, 121.1) that pysolver next doesn't apply: next refuses "
            "such a draw while it is on the battlefield")

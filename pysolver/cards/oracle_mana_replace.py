"""Oracle compiler form of a replacement effect on mana production that maps each basic land
type to a mana type (issue 13, CR 106.12b, 614.1a, 305.6): "If tapped for mana, Plains produce
{R}, Islands produce {G}, Swamps produce {W}, Mountains produce {U}, and Forests produce {B}
instead of any other type."  Each pair is one replacement effect of its own, applying to a
permanent of that land type whoever taps it, and keeping the amount (asp/mana_replacement.lp):
a land of two of the types meets two of them, and the player affected orders them (616.1).
Called by pysolver.cards.oracle (this module imports nothing of the package); returns the
compiled abilities, or None for a sentence of another form."""

from __future__ import annotations

import re
from typing import Any

from pysolver.cards import patterns as rx

BASIC_PLURALS = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
                 "Forests": "Forest"}
PAIR = r"(Plains|Islands|Swamps|Mountains|Forests) produce \{([WUBRGC])\}"
MAPPING = re.compile(rf"If tapped for mana, ({PAIR}(?:, {PAIR})*,? and {PAIR}) instead of any other type")


def type_mapping(bare: str) -> list[tuple[str, Any]] | None:
    if not MAPPING.fullmatch(bare):
        return None
    pairs = rx.findall(PAIR, bare)
    if len({land for land, _ in pairs}) != len(pairs):
        return None  # one land type named twice: two effects of one sentence on one land, not this form
    return [("ability", {"replacement": {"tapped": {"subtypes": [BASIC_PLURALS[land]]}, "tapper": "any",
                                         "becomes": {"type": mana}}})
            for land, mana in pairs]

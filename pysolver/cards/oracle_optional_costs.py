"""Optional additional costs of a spell beside kicker, for the compiler of pysolver/cards/oracle.py
(CR 601.2b, 118.8): "Multikicker {1}{G}" (702.33c), "Replicate {1}{U}" (702.56a), "Squad {2}"
(702.157a), "Offspring {2}" (702.175a), "Buyback {3}" (702.27a), "Entwine {2}" (702.42a) and "Bargain"
(702.166a: sacrifice an artifact, enchantment, or token) and "Casualty 2" (702.153a: sacrifice a creature with
power 2 or greater; the copy it makes is a reflexive trigger as the spell becomes cast, 702.153a, which no cast
next makes pays for); "As an additional cost to cast this spell, you may
reveal a Dragon card from your hand" is ``reveal`` (701.16a), "..., you may collect evidence 6" is
``collect_evidence`` (701.57a; pysolver/cards/oracle_costs.py).

Each is the card's ``optional_costs``: its name and its cost items.  `pysolver pay --spell CARD
--additional NAME` pays it with the spell's cost (a repeatable one, multikicker and replicate, once
for each time it is named); `pysolver next cast` refuses it (what paying it does to the spell, a
copy, a token, a return to the hand, every mode, is no effect next models), so no board next makes
holds a spell that paid one.  A cost other than mana after such a keyword ("Buyback—Sacrifice a land")
is not read: the line stays not understood."""

from __future__ import annotations

import re
from typing import Any

MANA = r"((?:\{(?:[0-9]+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)"
# CR 702.33c, 702.56a, 702.157a, 702.175a, 702.27a, 702.42a: the keyword and its mana cost.
MANA_OPTIONAL = re.compile(rf"(Multikicker|Replicate|Squad|Offspring|Buyback|Entwine) {MANA}\.?")
# CR 702.166a: "As an additional cost to cast this spell, you may sacrifice an artifact, enchantment,
# or token" (a token: CR 111.1).
BARGAIN = re.compile(r"Bargain\.?")
BARGAIN_COST = {"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}, {"token": True}]}}
# CR 702.153a: "Casualty N" means "As you cast this spell, you may sacrifice a creature with power N or greater"
# (and, when you do, copy it). Casualty X is no such cost (X chosen how, 107.3): not read.
CASUALTY = re.compile(r"Casualty (\d+)\.?")
# How pay shows a cost other than mana.
SHOWN = {"bargain": "sacrifice an artifact, enchantment, or token"}
# Paid any number of times (CR 702.33c, 702.56a, 702.157a: the number of times it was paid is counted).
REPEATABLE = ("multikicker", "replicate", "squad")
RULES = {"multikicker": "702.33c", "replicate": "702.56a", "squad": "702.157a", "offspring": "702.175a",
         "buyback": "702.27a",
         "entwine": "702.42a", "bargain": "702.166a", "reveal": "701.16a",
         "collect_evidence": "701.57a", "casualty": "702.153a"}


def optional_cost(piece: str) -> tuple[str, list[Any]] | None:
    """``Multikicker {1}{G}`` -> ("multikicker", ["{1}{G}"]), ``Bargain`` -> ("bargain", [a
    sacrifice]); None when the piece is none of these."""
    m = MANA_OPTIONAL.fullmatch(piece)
    if m:
        return m.group(1).lower(), [m.group(2)]
    if BARGAIN.fullmatch(piece):
        return "bargain", [BARGAIN_COST]
    m = CASUALTY.fullmatch(piece)
    if m:
        return "casualty", [{"sacrifice": {"types": ["Creature"], "power_at_least": int(m.group(1))}}]
    return None


def optional_cost_data(piece: str, card: dict[str, Any]) -> list[tuple[str, Any]]:
    """The card's ``optional_costs`` with the piece's (none when the piece is no such keyword)."""
    found = optional_cost(piece)
    if found is None:
        return []
    return [("card", {"optional_costs": {**card.get("optional_costs", {}), found[0]: found[1]}})]

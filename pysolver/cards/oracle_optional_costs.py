"""Optional additional costs of a spell beside kicker, for the compiler of pysolver/cards/oracle.py
(CR 601.2b, 118.8): "Multikicker {1}{G}" (702.33c), "Replicate {1}{U}" (702.56a), "Squad {2}"
(702.157a), "Offspring {2}" (702.175a), "Buyback {3}" (702.27a), "Entwine {2}" (702.42a) and "Bargain"
(702.166a: sacrifice an artifact, enchantment, or token) and "Casualty 2" (702.153a: sacrifice a creature with
power 2 or greater; the copy it makes is a reflexive trigger as the spell becomes cast, 702.153a, which no cast
next makes pays for); "Escalate {2}", "Escalate—Discard a card" (702.120a: paid once for each mode chosen beyond
the first of its "Choose one or more" ("one or both"), so at most one fewer times than it has modes: the card's
``optional_most``); "As an additional cost to cast this spell, you may
reveal a Dragon card from your hand" is ``reveal`` (701.16a), "..., you may collect evidence 6" is
``collect_evidence`` (701.57a), "..., you may behold a Dragon" is ``behold`` (601.2b; oracle_costs.py),
"..., you may pay {1}{G} any number of times" is ``times`` (601.2b, 118.8), and
"..., you may sacrifice one or more creatures" is ``sacrifice`` (701.17a; pysolver/cards/oracle_costs.py).

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
MANA_OPTIONAL = re.compile(rf"(Multikicker|Replicate|Squad|Offspring|Buyback|Entwine|Escalate) {MANA}\.?")
# CR 702.120a: "Escalate—Discard a card" (a cost other than mana: discarding cards).
ESCALATE_DISCARD = re.compile(r"Escalate—Discard (a|one|two|three) cards?\.?")
# CR 700.2, 702.120a: the modes of "Choose one or more —", one a line beginning with a bullet.
MODE = re.compile(r"^\s*•", re.MULTILINE)
CHOOSE_MORE = re.compile(r"Choose one or (?:more|both) —")
# CR 702.166a: "As an additional cost to cast this spell, you may sacrifice an artifact, enchantment,
# or token" (a token: CR 111.1).
BARGAIN = re.compile(r"Bargain\.?")
BARGAIN_COST = {"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}, {"token": True}]}}
# CR 702.153a: "Casualty N" means "As you cast this spell, you may sacrifice a creature with power N or greater"
# (and, when you do, copy it). Casualty X is no such cost (X chosen how, 107.3): not read.
CASUALTY = re.compile(r"Casualty (\d+)\.?")
# How pay shows a cost other than mana.
SHOWN = {"bargain": "sacrifice an artifact, enchantment, or token"}
# Paid any number of times (CR 702.33c, 702.56a, 702.157a: the number of times it was paid is counted; 702.120a:
# escalate at most the card's ``optional_most``; 601.2b: "you may pay {1}{G} any number of times").
REPEATABLE = ("multikicker", "replicate", "squad", "escalate", "times")
RULES = {"multikicker": "702.33c", "replicate": "702.56a", "squad": "702.157a", "offspring": "702.175a",
         "buyback": "702.27a",
         "entwine": "702.42a", "bargain": "702.166a", "reveal": "701.16a",
         "collect_evidence": "701.57a", "casualty": "702.153a", "escalate": "702.120a", "times": "601.2b",
         "sacrifice": "701.17a", "behold": "601.2b", "waterbend": "601.2b",
         "blight": "601.2b"}
NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3}


def optional_cost(piece: str) -> tuple[str, list[Any]] | None:
    """``Multikicker {1}{G}`` -> ("multikicker", ["{1}{G}"]), ``Bargain`` -> ("bargain", [a
    sacrifice]); None when the piece is none of these."""
    m = MANA_OPTIONAL.fullmatch(piece)
    if m:
        return m.group(1).lower(), [m.group(2)]
    if BARGAIN.fullmatch(piece):
        return "bargain", [BARGAIN_COST]
    m = ESCALATE_DISCARD.fullmatch(piece)
    if m:  # CR 702.120a: a cost other than mana
        return "escalate", [{"discard": NUMBERS[m.group(1)]}]
    m = CASUALTY.fullmatch(piece)
    if m:
        return "casualty", [{"sacrifice": {"types": ["Creature"], "power_at_least": int(m.group(1))}}]
    return None


def optional_cost_data(piece: str, card: dict[str, Any]) -> list[tuple[str, Any]] | None:
    """The card's ``optional_costs`` with the piece's (none when the piece is no such keyword); None for an
    escalate whose card states no modes to choose (CR 702.120a: what bounds it)."""
    found = optional_cost(piece)
    if found is None:
        return []
    data: list[tuple[str, Any]] = [("card", {"optional_costs": {**card.get("optional_costs", {}), found[0]: found[1]}})]
    if found[0] == "escalate":  # CR 702.120a: once for each mode chosen beyond the first
        modes = len(MODE.findall(card.get("oracle", "")))
        if not CHOOSE_MORE.search(card.get("oracle", "")) or modes < 2:
            return None
        data.append(("card", {"optional_most": {**card.get("optional_most", {}), "escalate": modes - 1}}))
    return data

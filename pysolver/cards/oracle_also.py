"""``~ is also a Cleric, Rogue, Warrior, and Wizard``: creature types a card has besides its printed
ones (issue 13).

CR 604.3: a characteristic-defining ability, which works in every zone and applies in layer 4 before
any other effect (613.3, 613.1d); it is copied with the card's text (707.2).  So the types are the
card's own subtypes (``card_subtype/2`` wherever a filter or a type-changing effect reads a card), as
printed types would be.  Only creature types of a creature or kindred card: a land type ("is also a
Forest") would bring a mana ability (305.6), which the form leaves to the land-type forms."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pysolver.cards import patterns as rx

ALSO = re.compile(r"~ is also an? ([A-Z][\w'-]*(?:(?:, | )[A-Z][\w'-]*)*?(?:,? and (?:an? )?[A-Z][\w'-]*)?)")


def also_types(bare: str, card: dict[str, Any], creature_type: Callable[[str], bool]
               ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for ``~ is also a Cleric, Rogue, Warrior, and Wizard``, or None
    (a word that is no creature type, or a card that is neither a creature nor kindred)."""
    m = ALSO.fullmatch(bare)
    if not m or not {"Creature", "Kindred", "Tribal"} & set(card.get("types", [])):
        return None
    named = [word for word in rx.split(r",? and (?:an? )?|, ", m.group(1)) if word]
    if not named or not all(creature_type(word) for word in named):
        return None
    subtypes = list(card.get("subtypes", []))
    added = [word for word in named if word not in subtypes]
    return ([("card", {"subtypes": subtypes + added})],
            "creature types it also has, a characteristic-defining ability (CR 604.3, 205.3m): "
            "the card's subtypes in every zone")

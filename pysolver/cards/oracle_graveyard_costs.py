"""An activated ability's cost that exiles cards from its controller's graveyard, for the compiler
of pysolver/cards/oracle.py (CR 118.3, 602.2b, 701.11a): "Exile a card from your graveyard", "Exile
two cards from your graveyard", "Exile a creature card from your graveyard".

The item is ``{exile_from_graveyard: {count, filter}}``, the one a spell's additional cost has
(pysolver/cards/oracle_costs.py): asp/legality.lp checks that the graveyard holds that many cards
that fit (can-activate, mana), the payment search pays it with the mana of the cost (can-activate's
"together", pay), and the search of a player's mana abilities refuses one whose cost has it (available,
pay, next activate: which cards each activation would exile is not tracked).  "Exile another ...",
"Exile this card from your graveyard" and a card filter no rule judges stay a cost kept as text."""

from __future__ import annotations

import re
from typing import Any, Callable

EXILE_FROM_GRAVEYARD = re.compile(r"Exile (a|an|one|two|three|four|five|six|seven|eight|nine|ten) "
                                  r"((?:[\w\- ]+ )?cards?) from your graveyard")


def graveyard_exile_item(part: str, number: Callable[[str], Any], card_filter: Callable[[str], dict[str, Any]],
                         unsupported: type[Exception]) -> dict[str, Any] | None:
    """``Exile two creature cards from your graveyard`` -> {exile_from_graveyard: {count: 2, filter:
    {types: [Creature]}}}, or None when the part is not such a cost (or its cards are of a kind no
    rule judges)."""
    m = EXILE_FROM_GRAVEYARD.fullmatch(part)
    if not m or (m.group(1) in ("a", "an", "one")) != (m.group(2).split()[-1] == "card"):
        return None
    try:
        spec = card_filter(m.group(2))
    except unsupported:
        return None
    return {"exile_from_graveyard": {"count": number(m.group(1)), "filter": spec}}

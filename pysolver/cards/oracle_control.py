"""Oracle compiler form of an Aura that changes control (issue 13): "You control enchanted
creature", "You control enchanted land" (CR 613.1b, 303.4).

A control-changing effect applies in layer 2 (CR 613.1b): the player who controls the Aura
controls the permanent it enchants, for as long as the Aura is on the battlefield and attached to
it (611.3a); of several, the latest timestamp wins (613.7).  A board states every permanent's
controller (the board's ``controller``, which every query reads): the card data's
``control_enchanted`` lets the board check refuse a board whose enchanted permanent is controlled
by another player (pysolver/consistency.py check_control), and ``pysolver next`` refuses a step
after which such an Aura has left while the permanent stays (whose controller is then the one the
board can't say, CR 110.2).  Called by pysolver.cards.oracle for a line no other form read; returns
(compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any

CONTROL = re.compile(r"You control enchanted (?:artifact creature|artifact|creature|land|enchantment|planeswalker"
                     r"|permanent)")


def control_form(bare: str) -> tuple[list[tuple[str, Any]], str] | None:
    if not CONTROL.fullmatch(bare):
        return None
    return ([("card", {"control_enchanted": True})],
            "a control-changing effect (layer 2, CR 613.1b, 303.4): the Aura's controller controls the permanent "
            "it enchants (the board states it, and a board that says otherwise is refused)")

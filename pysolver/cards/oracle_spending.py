"""Spending mana as though it were another type, for the compiler of pysolver/cards/oracle.py.

"You may spend mana as though it were mana of any color.", "Players may spend mana as though
it were mana of any color.", "You may spend <color> mana as though it were mana of any color."
and that sentence followed by "You may spend other mana only as though it were colorless
mana." (the other types: they pay only generic mana and {C}, CR 107.4c): the ability
``spend_mana`` (CR 609.4b), which every payment reads (asp/spending.lp).  A permission for
some costs only ("to cast Case spells", "to activate those abilities", "to cast it" from
exile) is none of these forms: its line stays not understood.
"""

from __future__ import annotations

import re
from typing import Any

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
WHO = {"You": "you", "Players": "any"}
ANY_COLOR = re.compile(r"(?P<who>You|Players) may spend (?:(?P<color>white|blue|black|red|green) )?mana "
                       r"as though it were mana of any color")
OTHER_COLORLESS = re.compile(r"(?:You|Players) may spend other mana only as though it were colorless mana")
WHAT = "a permission to spend mana as though it were another type (CR 609.4b): every payment reads it"


def spending_form(bare: str, permanent: bool) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a spending permission, or None."""
    if not permanent:
        return None  # a spell's effect lasts a while, for some spells: not these forms
    first, _, rest = bare.partition(". ")
    m = ANY_COLOR.fullmatch(first)
    if m is None:
        return None
    who = WHO[m.group("who")]
    mana = [COLOR_WORDS[m.group("color")]] if m.group("color") else list("WUBRGC")
    abilities = [("ability", {"spend_mana": {"whose": who, "mana": mana, "as": "any_color"}})]
    if rest:
        other = OTHER_COLORLESS.fullmatch(rest)
        if other is None or not rest.startswith(m.group("who")) or len(mana) != 1:
            return None
        others = [t for t in "WUBRGC" if t not in mana]
        abilities.append(("ability", {"spend_mana": {"whose": who, "mana": others, "as": "colorless_only"}}))
    return abilities, WHAT

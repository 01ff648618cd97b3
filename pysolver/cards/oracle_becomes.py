"""Oracle compiler form of an effect that sets what a permanent is (issue 13): "Enchanted
permanent is a colorless land with "{T}: Add {C}" and loses all other card types and
abilities."  Its card types are set (CR 205.1a, layer 4, 613.1d), its color (layer 5,
613.1e), its abilities lost and the quoted one granted (layer 6, 613.1f).  Called by
pysolver.cards.oracle with the compiler's helpers (this module imports nothing of the
package); returns the compiled abilities, or None when the line is not of this form."""

from __future__ import annotations

import re
from typing import Any, Callable

BECOMES = re.compile(r'(?P<group>Enchanted \w+) is an? (?P<colorless>colorless )?(?P<subtypes>(?:[A-Z][\w\'\-]* )*)'
                     r'(?P<type>land|artifact|creature|enchantment)(?: with "(?P<granted>[^"]+)")?'
                     r'(?:,? and (?:it )?loses all other card types(?P<abilities> and abilities)?)?')


def becomes_form(bare: str, group_filter: Callable[[str], tuple[str, dict[str, Any], bool]],
                 compile_granted: Callable[[str], dict[str, Any]],
                 refuse: Callable[[str], Exception]) -> list[tuple[str, Any]] | None:
    """Two static abilities of one effect (one source, one timestamp, 613.7): the first sets
    the card types to Land (205.1a: subtypes that aren't land types go too), the color
    (colorless, 105.2c) and removes every ability (613.1f); the second grants the quoted
    ability, which the loss doesn't remove (it isn't earlier, 613.7)."""
    m = BECOMES.fullmatch(bare)
    if not m:
        return None
    if m.group("type") != "land" or m.group("subtypes"):
        # Another card type or subtypes set at once (a Food artifact, a Forest land): the
        # subtypes of the new types and 305.7 for land types aren't modelled here.
        raise refuse(f"the type-changing effect '{bare}.'")
    whose, spec, enchanted = group_filter(m.group("group"))
    base: dict[str, Any] = {"affects": spec, "whose": whose, **({"enchanted": True} if enchanted else {})}
    sets: dict[str, Any] = {**base, "set_card_types": ["Land"]}
    if m.group("colorless"):
        sets["set_colorless"] = True
    if m.group("abilities"):
        sets["lose_abilities"] = True
    found: list[tuple[str, Any]] = [("ability", {"static": sets})]
    if m.group("granted"):
        found.append(("ability", {"static": {**base, "grant": [compile_granted(m.group("granted"))]}}))
    return found

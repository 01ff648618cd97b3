"""Oracle compiler form of an Aura's or Equipment's static ability that changes the permanent
it is attached to and adds to its types (issue 13): "Equipped creature gets +1/+0 and is a
Knight in addition to its other types", "Enchanted creature gets +2/+2, has flying, and is a
Demon in addition to its other types", "Equipped creature gets +3/+0 and is every creature
type", "Equipped creature gets +1/+1 and is an artifact in addition to its other types".

One effect in several layers (CR 613.6): the types it adds (layer 4, 613.1d: a creature type,
205.1b, every creature type, 205.3m, or a card type, 205.1a) and what it gives beside
(power and toughness, 613.4c; keywords, 613.1f), read by oracle_pt.pt_static.  The format
keeps one static ability per layer: the addition first, then the rest (asp/objects.lp,
asp/power_toughness.lp).  Called by pysolver.cards.oracle for a line no other form read; it
returns (compiled data, why) or None (then the line stays not understood)."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards.oracle_pt import PtWords, pt_static

Form = tuple[list[tuple[str, Any]], str]

# "<Enchanted|Equipped> creature gets +N/+M[, has K,] and is <types>": the head is read as
# "... gets +N/+M [and has K]" by pt_static.
ADDS = re.compile(r"(?P<group>(?:Enchanted|Equipped) creature) gets (?P<change>[+-]\d+/[+-]\d+)"
                  r"(?:, has (?P<keywords>[a-z][a-z ]*?(?:,? and [a-z][a-z ]*?)?),)? and is "
                  r"(?P<what>every creature type|all creature types|an? (?P<type>[A-Za-z\-]+) in addition to its "
                  r"other types)")
CARD_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment"}


def attached_types(bare: str, words: PtWords, is_creature_type: Callable[[str], bool]) -> Form | None:
    """CR 613.1d, 205.1b, 205.3m, 613.4c, 613.1f: the two static abilities (the types added, then
    the power, toughness and keywords), or None when the line is not this form."""
    m = ADDS.fullmatch(bare)
    if not m:
        return None
    head = f"{m.group('group')} gets {m.group('change')}" + (
        f" and has {m.group('keywords')}" if m.group("keywords") else "")
    found = pt_static(head, words)
    if found is None:
        return None
    (_, rest), = found[0]
    static = rest["static"]
    if not static.get("enchanted") or set(static) - {"affects", "whose", "enchanted", "pt", "grant_keywords"}:
        return None
    added: dict[str, Any] = {"affects": static["affects"], "whose": static["whose"], "enchanted": True}
    kind = m.group("type")
    if kind is None:  # CR 205.3m: "is every creature type"
        added["add_subtypes"] = "all_creature_types"
        what = "every creature type (205.3m)"
    elif kind in CARD_TYPES:  # CR 205.1a
        added["add_types"] = [CARD_TYPES[kind]]
        what = f"the card type {CARD_TYPES[kind]} (205.1a)"
    elif is_creature_type(kind):  # CR 205.1b
        added["add_subtypes"] = [kind]
        what = f"the creature type {kind} (205.1b)"
    else:
        return None
    return ([("ability", {"static": added}), ("ability", rest)],
            f"a static ability of an Aura or Equipment: the permanent it is attached to is {what} in addition to "
            f"its other types (layer 4, CR 613.1d), and {found[1][0].lower()}{found[1][1:]}")

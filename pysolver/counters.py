"""Counters whose kind carries rules of its own that pysolver doesn't model (CR 122.1d, 122.1h).
One place for the board (a permanent with such a counter is refused) and the Oracle compiler (a
sentence that would put one on a permanent is not understood): the rules read +X/+Y counters
(122.1a: pt_counter/3, asp/power_toughness.lp), loyalty, defense, shield and keyword counters
(122.1b: asp/objects.lp gives the keyword), and every other kind only where a card's own text
names it."""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

# CR 122.1b: the keyword counters whose keyword a rule reads (haste: can-activate, 302.6;
# hexproof: targets, 702.11; indestructible: destruction, 702.12; deathtouch and lifelink:
# damage, 702.2, 702.15).  The others (flying, vigilance, ...) matter only in combat, which
# no query has.  A permanent with one has its keyword (asp/objects.lp), but in layer 6 the
# counter's timestamp (613.7c), which no board records, orders it among the effects that remove
# abilities: a board where both may apply to one permanent is refused (``keyword_counter_unordered``).
KEYWORD_COUNTERS = {"deathtouch", "haste", "hexproof", "indestructible", "lifelink"}
# CR 122.1b: the keywords a keyword counter can be (facts: keyword_counter/1, asp/objects.lp).
KEYWORD_COUNTER_KINDS = frozenset({"flying", "first strike", "double strike", "deathtouch", "exalted", "haste",
                                   "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
                                   "vigilance"})
# Card data that removes abilities in layer 6 (CR 613.1f): "loses all abilities", "loses all land
# types and abilities" (ALL_REMOVING), "loses flying" (one keyword).
ALL_REMOVING = {"lose_abilities", "lose_land_types_and_abilities"}
REMOVING = ALL_REMOVING | {"lose_keywords"}
# A shield counter's rules (122.1c: damage prevented, destruction by an effect replaced) are
# asp/targets.lp's and asp/outcomes.lp's.
OWN_RULES = {"stun": "CR 122.1d", "finality": "CR 122.1h"}
PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")
# The compiled card fields that put counters on a permanent (schemas.py).
PUTTING = {"enters_with_counters", "others_enter_with_counters", "put_counters", "counter_on_self", "counter_on_each",
           "counters_on"}


def unmodelled(kind: str) -> str | None:
    """Why a counter of ``kind`` on a permanent can't be answered exactly, or None."""
    if kind in OWN_RULES:
        return f"a {kind} counter has rules of its own ({OWN_RULES[kind]}) that pysolver doesn't model"
    return None


def pt_values(kind: str) -> tuple[int, int] | None:
    """CR 122.1a: what a +X/+Y counter of ``kind`` adds to power and toughness ("-0/-2" -> (0, -2)),
    or None for a kind that is no such counter."""
    m = PT_COUNTER.fullmatch(kind)
    return (int(m.group(1)), int(m.group(2))) if m else None


def put_kinds(data: Any) -> Iterator[str]:
    """Every counter kind compiled card data puts on a permanent."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in PUTTING:
                for item in value if isinstance(value, list) else [value]:
                    yield item if isinstance(item, str) else item["kind"]
                    if isinstance(item, dict) and "or_kind" in item:  # "your choice of a flying or a ... counter"
                        yield item["or_kind"]
                        yield from item.get("more_kinds", [])  # "... two different counters from among ..."
            yield from put_kinds(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from put_kinds(item)


def replacers(board: Any) -> list[str]:
    """The permanents on ``board`` whose card replaces counters being put (CR 614.1a, 616.1; the rule
    is asp/counter_put.lp, which pysolver next applies): a query that puts counters some other way
    refuses while one is on the battlefield."""
    found = []
    for permanent in board.battlefield if board.library is not None else ():
        card = board.library.get(permanent.card_name)
        if card is not None and any(isinstance(a, dict) and "counter_replacement" in a for a in card.abilities()):
            found.append(permanent.id)
    return found


def _removes(data: Any, kind: str) -> bool:
    """Whether card data holds an effect that removes all abilities, or the keyword ``kind`` (CR 613.1f)."""
    if isinstance(data, dict):
        return any((key in ALL_REMOVING and value) or (key == "lose_keywords" and kind in {k.lower() for k in value})
                   for key, value in data.items()) or any(_removes(value, kind) for value in data.values())
    if isinstance(data, (list, tuple)):
        return any(_removes(item, kind) for item in data)
    return False


def _may_remove(data: Any, kind: str, elsewhere: bool) -> bool:
    """Whether card data may remove the keyword ``kind`` or all abilities from a permanent: a static
    ability of its own that reaches only the permanent it enchants or equips (CR 303.4a, 301.5a;
    asp/objects.lp group_reach) doesn't when that is ``elsewhere``: another permanent, or none.  What
    such an ability grants is read wherever it is (the granted ability's reach is its new source's)."""
    if not elsewhere or not isinstance(data, dict):
        return _removes(data, kind)
    for key, value in data.items():
        if key != "abilities":
            if _removes(value, kind):
                return True
            continue
        for ability in value:
            static = ability.get("static") if isinstance(ability, dict) and len(ability) == 1 else None
            if isinstance(static, dict) and static.get("enchanted") and not static.get("self"):
                ability = {k: v for k, v in static.items() if k not in REMOVING}
            if _removes(ability, kind):
                return True
    return False


def keyword_counter_unordered(library: Any, battlefield: Any, effects: Any,
                              countered: Iterable[int] | None = None) -> tuple[int, str, str] | None:
    """(the place of the permanent on the battlefield, the counter's kind, why) when it can't be
    answered exactly because of a keyword counter, or None: a permanent with a keyword counter a
    rule reads, beside a permanent or a resolved effect whose card removes that keyword or all
    abilities from it.  In layer 6 the keyword counter and the removal apply in timestamp order
    (CR 613.1f, 613.7c: a counter's timestamp is when it was put on), which a board doesn't record;
    the order matters only where both apply to the same object and the same keyword (613.7c), so
    a removal that can't reach the permanent, or removes another keyword, is no reason to refuse.
    ``countered``: the positions of the only permanents that may have counters (the board's reader
    knows them), else all."""
    if library is None:
        return None
    places = range(len(battlefield)) if countered is None else countered
    holders = [(i, battlefield[i], kind) for i in places for kind, count in battlefield[i].counters
               if count and kind in KEYWORD_COUNTERS]
    if not holders:
        return None
    # (a source's card name, the permanent its "enchanted"/"equipped" statics reach: None for a
    # resolved effect, whose reach the board doesn't give)
    sources = dict.fromkeys([(p.card_name, p.attached_to or ("none", "")) for p in battlefield]
                            + [(e.card_name, None) for e in effects])
    for i, holder, kind in holders:
        for name, attached_to in sources:
            card = library.get(name)
            elsewhere = attached_to is not None and attached_to != ("permanent", holder.id)
            if card is not None and _may_remove(card.data, kind, elsewhere):
                return i, kind, (
                    f"{holder.id} has a {kind} counter and {name} removes abilities: which applies last in "
                    "layer 6 depends on when the counter was put on (CR 613.1f, 613.7c), which a board doesn't record")
    return None


def final_chapter(data: dict[str, Any]) -> int:
    """CR 714.2d: a Saga card's final chapter number, the greatest among its chapter abilities (0 with none): the
    numbers read ahead chooses from (702.155b; asp/objects.lp final_chapter/2 judges a permanent's)."""
    return max((a["triggered"]["when"]["reaches"] for a in data.get("abilities", [])
                if isinstance(a, dict) and a.get("triggered", {}).get("when", {}).get("chapter")), default=0)

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
# abilities: a board with both is refused (``keyword_counter_unordered``).
KEYWORD_COUNTERS = {"deathtouch", "haste", "hexproof", "indestructible", "lifelink"}
# CR 122.1b: the keywords a keyword counter can be (facts: keyword_counter/1, asp/objects.lp).
KEYWORD_COUNTER_KINDS = frozenset({"flying", "first strike", "double strike", "deathtouch", "exalted", "haste",
                                   "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
                                   "vigilance"})
# Card data that removes abilities in layer 6 (CR 613.1f): "loses all abilities", "loses flying".
REMOVING = {"lose_abilities", "lose_keywords"}
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


def _removes_abilities(data: Any) -> bool:
    """Whether card data holds an effect that removes abilities (CR 613.1f)."""
    if isinstance(data, dict):
        return any(key in REMOVING and value for key, value in data.items()) or any(
            _removes_abilities(value) for value in data.values())
    if isinstance(data, (list, tuple)):
        return any(_removes_abilities(item) for item in data)
    return False


def keyword_counter_unordered(library: Any, battlefield: Any, effects: Any,
                              countered: Iterable[int] | None = None) -> tuple[int, str, str] | None:
    """(the place of the permanent on the battlefield, the counter's kind, why) when it can't be
    answered exactly because of a keyword counter, or None: a permanent with a keyword counter a
    rule reads, beside a permanent or a resolved effect whose card removes abilities.  In layer 6
    the keyword counter and the removal apply in timestamp order (CR 613.1f, 613.7c: a counter's
    timestamp is when it was put on), which a board doesn't record.  ``countered``: the positions
    of the only permanents that may have counters (the board's reader knows them), else all."""
    if library is None:
        return None
    places = range(len(battlefield)) if countered is None else countered
    holder = next(((i, battlefield[i].id, kind) for i in places for kind, count in battlefield[i].counters
                   if count and kind in KEYWORD_COUNTERS), None)
    if holder is None:
        return None
    names = [p.card_name for p in battlefield] + [e.card_name for e in effects]
    for name in dict.fromkeys(names):
        card = library.get(name)
        if card is not None and _removes_abilities(card.data):
            return holder[0], holder[2], (
                f"{holder[1]} has a {holder[2]} counter and {name} removes abilities: which applies last in "
                "layer 6 depends on when the counter was put on (CR 613.1f, 613.7c), which a board doesn't record")
    return None

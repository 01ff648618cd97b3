"""Counters whose kind carries rules of its own that pysolver doesn't model (CR 122.1a-d, 122.1h).
One place for the board (a permanent with such a counter is refused) and the Oracle compiler (a
sentence that would put one on a permanent is not understood): the rules read +1/+1, -1/-1,
loyalty and defense counters, and every other kind only where a card's own text names it."""

from __future__ import annotations

import re
from typing import Any, Iterator

# CR 122.1b: the keyword counters whose keyword a rule reads (haste: can-activate, 302.6;
# hexproof: targets, 702.11; indestructible: destruction, 702.12; deathtouch and lifelink:
# damage, 702.2, 702.15).  The others (flying, vigilance, ...) matter only in combat, which
# no query has.
KEYWORD_COUNTERS = {"deathtouch", "haste", "hexproof", "indestructible", "lifelink"}
# A shield counter's rules (122.1c: damage prevented, destruction by an effect replaced) are
# asp/targets.lp's and asp/outcomes.lp's.
OWN_RULES = {"stun": "CR 122.1d", "finality": "CR 122.1h"}
MODELLED_PT = {"+1/+1", "-1/-1"}
PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+")
# The compiled card fields that put counters on a permanent (schemas.py).
PUTTING = {"enters_with_counters", "others_enter_with_counters", "put_counters", "counter_on_self", "counter_on_each",
           "counters_on"}


def unmodelled(kind: str) -> str | None:
    """Why a counter of ``kind`` on a permanent can't be answered exactly, or None."""
    if kind in OWN_RULES:
        return f"a {kind} counter has rules of its own ({OWN_RULES[kind]}) that pysolver doesn't model"
    if kind in KEYWORD_COUNTERS:
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} counter gives its keyword (CR 122.1b), which " \
               "pysolver doesn't model"
    if PT_COUNTER.fullmatch(kind) and kind not in MODELLED_PT:
        return f"a {kind} counter changes power and toughness (CR 122.1a), which pysolver models for " \
               "+1/+1 and -1/-1 counters only"
    return None


def put_kinds(data: Any) -> Iterator[str]:
    """Every counter kind compiled card data puts on a permanent."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in PUTTING:
                for item in value if isinstance(value, list) else [value]:
                    yield item if isinstance(item, str) else item["kind"]
                    if isinstance(item, dict) and "or_kind" in item:  # "your choice of a flying or a ... counter"
                        yield item["or_kind"]
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

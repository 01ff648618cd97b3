"""Oracle compiler form for a limit on a permanent's counters (issue 13): "~ can't have more than seven dream
counters on it" (CR 101.2: the "can't" wins over an effect that would put more; 122.1), and "~ can't have counters
put on it" (of any kind, none: ``counters_prohibited``; the counters it has stay).

The card's ``counter_limits``: asp/counter_put.lp puts only as many counters of that kind as bring it to the
limit (none where it has as many already), and a board stating more is refused (pysolver/board.py).  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any

from pysolver.cards.oracle_words import count_word

LIMIT = re.compile(r"~ can't have more than (\w+) ([\w+/\-]+) counters? on it")
WHY = ("a limit on its counters (CR 101.2, 122.1): counters of that kind beyond it are never put on it, and a board "
       "with more is refused")


PROHIBITED_WHY = ("no counters are put on it (CR 101.2, 122.1: the \"can't\" wins over every effect that would put "
                  "some, of any kind; those it has stay)")


def counter_limit_form(bare: str, card: dict[str, Any]) -> tuple[list[tuple[str, Any]], str] | None:
    if bare == "~ can't have counters put on it":
        return [("card", {"counters_prohibited": True})], PROHIBITED_WHY
    m = LIMIT.fullmatch(bare)
    if not m:
        return None
    count = count_word(m.group(1))
    if count is None:
        return None
    limits = card.get("counter_limits", []) + [{"kind": m.group(2), "at_most": count}]
    return [("card", {"counter_limits": limits})], WHY

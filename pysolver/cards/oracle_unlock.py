"""Oracle compiler form for a triggered ability with a second event no query produces (issue 13):
"Eerie — Whenever an enchantment you control enters and whenever you fully unlock a Room, [effect]".

A permanent is fully unlocked when it has one unlocked designation and gets the other, or gets both
at once (CR 709.5i): by the unlock special action (709.5e, 116.2m) or an effect that unlocks
(709.5f).  No action of `pysolver next` unlocks a door (an effect that would is kept as text,
which next refuses to resolve), and a Room enters with at most the designation of the half cast
(709.5d), so the event never happens in a query: the ability is its first event alone, read by the
form that reads it (``single``: the compiler's forms).  Called by pysolver.cards.oracle for a line
no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

FULLY_UNLOCK = re.compile(r"(?P<first>(?:When|Whenever) .+?) and whenever you fully unlock a Room, (?P<effect>.+)")
NEVER_UNLOCKED = ("; its other event, fully unlocking a Room, never happens in a query: no action of next unlocks a "
                  "door, and a Room enters with at most the half cast unlocked (CR 709.5d, 709.5e, 709.5i)")


def fully_unlock_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """"[first event] and whenever you fully unlock a Room, [effect]": the first event with the
    effect, as ``single`` reads it, or None."""
    m = FULLY_UNLOCK.fullmatch(bare)
    if not m or rx.search(r"\b(?:and|or) (?:whenever|when)\b", m.group("first"), re.IGNORECASE):
        return None
    found = single(f"{m.group('first')}, {m.group('effect')}")
    if found is None:
        return None
    data, why = found
    return data, why + NEVER_UNLOCKED

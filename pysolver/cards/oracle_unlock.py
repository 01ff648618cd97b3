"""Oracle compiler forms for a triggered ability with a second event no query produces (issue 13):
"Eerie — Whenever an enchantment you control enters and whenever you fully unlock a Room, [effect]",
"When you cycle this card and when ~ dies, [effect]", "When you cast or cycle ~, [effect]" (CR 603.2:
one ability, two events; the one no query produces is oracle_leaves.NEVER_EVENTS'), and a Room's "When you
unlock this door, [effect]" (709.5h).

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
from pysolver.cards.oracle_leaves import NEVER_EVENTS

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


# CR 709.5h: "When you unlock this door": the door (709.5j) gets its unlocked designation.
UNLOCK_DOOR = re.compile(r"When you unlock this door, (?P<effect>.+)")
DOOR_UNLOCKED = ("a triggered ability when this door is unlocked (CR 709.5h): as the Room enters from a spell cast as "
                 "this half (709.5d; a Room entering otherwise has no door unlocked, which next refuses), the only "
                 "unlocking in a query: no action of next unlocks a door (709.5e, 709.5f)")


def unlock_door_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                     ) -> tuple[list[tuple[str, Any]], str] | None:
    """"When you unlock this door, [effect]": an enters trigger of the door cast ("When ~ enters, if you cast
    it, [effect]", as ``single`` reads it), or None."""
    m = UNLOCK_DOOR.fullmatch(bare)
    found = single(f"When ~ enters, if you cast it, {m.group('effect')}") if m else None
    return None if found is None else (found[0], DOOR_UNLOCKED)


# CR 603.2: "[When ...] and when [...], [effect]": two events, either of which may be one no query produces.
PAIR = re.compile(r"(?P<first>(?:When|Whenever) [^,]+?) and (?P<second>(?:when|whenever) [^,]+), (?P<effect>.+)")
# "When you cast or cycle ~": one subject, two events (CR 702.29a: cycling, a card's ability in a hand).
CAST_OR_CYCLE = re.compile(r"(?P<when>When|Whenever) you cast or cycle (?P<what>~|this card), (?P<effect>.+)")
# "Whenever you cast a spell from your graveyard or activate an ability of a card in your graveyard": one subject, two
# events (CR 603.2).
CAST_OR_ACTIVATE = re.compile(r"(?P<when>When|Whenever) you (?P<cast>cast [^,]+?) or (?P<activate>activate [^,]+), "
                              r"(?P<effect>.+)")


def never_event(clause: str) -> str | None:
    """Why the trigger event of ``clause`` ("When you cycle this card") never happens in a query, or None."""
    event = rx.sub(r"^(?:When|Whenever|when|whenever) ", "", clause)
    return next((why for pattern, why in NEVER_EVENTS.items() if re.fullmatch(pattern, event)), None)


def _either(single: Callable[[str], tuple[list[tuple[str, Any]], str] | None], clause: str, effect: str
            ) -> tuple[list[tuple[str, Any]], str] | None:
    """The event alone with the effect, read with "When" or "Whenever" (the same event, CR 603.2)."""
    event = rx.sub(r"^(?:When|Whenever|when|whenever) ", "", clause)
    return single(f"When {event}, {effect}") or single(f"Whenever {event}, {effect}")


def never_part_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                    ) -> tuple[list[tuple[str, Any]], str] | None:
    """"When you cycle this card and when ~ dies, [effect]", "When you cast or cycle ~, [effect]", "Whenever you cast a
    spell from your graveyard or activate an ability of a card in your graveyard, [effect]": the
    event a query produces with the effect, as ``single`` (the compiler's forms) reads it alone, the other
    left out with its reason; None when neither or both are such events, or the other isn't read."""
    pair = PAIR.fullmatch(bare)
    both = None if pair else CAST_OR_ACTIVATE.fullmatch(bare)
    if pair:
        clauses = [pair.group("first"), pair.group("second")]
        effect = pair.group("effect")
    elif both:
        clauses = [f"{both.group('when')} you {both.group(verb)}" for verb in ("cast", "activate")]
        effect = both.group("effect")
    else:
        cast = CAST_OR_CYCLE.fullmatch(bare)
        if not cast:
            return None
        clauses = [f"{cast.group('when')} you cast {cast.group('what')}", f"when you cycle {cast.group('what')}"]
        effect = cast.group("effect")
    never = [never_event(clause) for clause in clauses]
    if never.count(None) != 1:
        return None
    kept, left = (clauses[0], never[1]) if never[0] is None else (clauses[1], never[0])
    if rx.search(r"\b(?:and|or) (?:whenever|when)\b", kept, re.IGNORECASE):
        return None  # a third event
    found = _either(single, kept, effect)
    if found is None:
        return None
    data, why = found
    return data, f"{why}; its other event never happens in a query: {left}"
